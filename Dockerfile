# catan-bot: multi-stage build. Build with `docker build -t catan-bot .` (BuildKit).
# Run: docker run -d --name catan -e DISCORD_TOKEN=... -v catan-data:/data catan-bot
# or mount a config file: -v $PWD/config.toml:/app/config.toml:ro

FROM rust:1.91-slim-bookworm AS builder
WORKDIR /build
COPY . .
# Cache the registry and build directory between builds; copy the binary out of the cache.
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/build/target \
    cargo build --release --locked --bin catan-bot \
    && cp target/release/catan-bot /usr/local/bin/catan-bot

FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --home-dir /app --shell /usr/sbin/nologin catan \
    && mkdir -p /app /data \
    && chown catan:catan /data
COPY --from=builder /usr/local/bin/catan-bot /usr/local/bin/catan-bot
COPY config.example.toml /app/config.example.toml
# Games live in the /data volume; this variable wins over data_dir in a mounted config.
ENV CATAN_DATA_DIR=/data
VOLUME ["/data"]
WORKDIR /app
USER catan
# `run` reads /app/config.toml if mounted, else settings come from defaults + DISCORD_TOKEN
# and/or MATRIX_HOMESERVER, MATRIX_USER, MATRIX_PASSWORD (or MATRIX_ACCESS_TOKEN).
ENTRYPOINT ["catan-bot"]
CMD ["run"]
