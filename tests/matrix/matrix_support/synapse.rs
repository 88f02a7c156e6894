//! A real Synapse homeserver, run as a child process on 127.0.0.1 for the length of a test.
//!
//! Everything it writes (config, signing key, sqlite database, media, logs) lives in its own
//! temporary directory, which is removed when the `Synapse` is dropped, unless the test is
//! panicking: then the directory is kept and the tail of Synapse's log is printed.

use std::fmt::Write as _;
use std::fs::File;
use std::os::unix::process::CommandExt as _;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use hmac::{Hmac, Mac};
use serde_json::{Value, json};
use sha1::Sha1;
use tempfile::TempDir;

/// The env var that names the venv's Python (set by `.ci/run`).
const PYTHON_ENV: &str = "CATAN_SYNAPSE_PYTHON";
/// Matrix ids on this server end in `:localhost`.
const SERVER_NAME: &str = "localhost";
/// The secret of the shared-secret registration API, the only way to make users here
/// (`enable_registration` is off).
const SHARED_SECRET: &str = "catan-test-registration-secret";
/// Synapse is ready in a few seconds; the bound only turns a hang into a clear failure.
const START_TIMEOUT: Duration = Duration::from_secs(60);
/// SIGTERM lets Synapse close its database; it is gone well within this.
const STOP_TIMEOUT: Duration = Duration::from_secs(5);
/// A freed port can be taken by someone else before Synapse binds it: try again on a new one.
const START_ATTEMPTS: u32 = 3;
/// Every rate limit Synapse has (`synapse/config/ratelimiting.py`), with its sub-keys if it is
/// nested (`rc_login: {address: ..}`). Tests send in bursts, and matrix-sdk retries a 429
/// silently, which would only hide slowness.
const RATE_LIMITS: &[(&str, &[&str])] = &[
    ("rc_message", &[]),
    ("rc_registration", &[]),
    ("rc_registration_token_validity", &[]),
    ("rc_login", &["address", "account", "failed_attempts"]),
    ("rc_admin_redaction", &[]),
    ("rc_joins", &["local", "remote"]),
    ("rc_joins_per_room", &[]),
    ("rc_key_requests", &[]),
    ("rc_3pid_validation", &[]),
    ("rc_invites", &["per_room", "per_user", "per_issuer"]),
    ("rc_third_party_invite", &[]),
    ("rc_media_create", &[]),
    ("rc_presence", &["per_user"]),
    ("rc_delayed_event_mgmt", &[]),
    ("rc_room_creation", &[]),
    ("rc_reports", &[]),
    ("rc_user_directory", &[]),
    ("rc_profile", &[]),
];

/// A registered Matrix account.
#[derive(Clone, Debug)]
pub struct Account {
    pub user_id: String,
    pub access_token: String,
    pub device_id: String,
    /// Kept so a bot under test can log in with a password, as it would in production.
    pub username: String,
    pub password: String,
}

/// A running Synapse. Stopped (SIGTERM, then SIGKILL) when dropped.
pub struct Synapse {
    child: Child,
    port: u16,
    dir: TempDir,
    http: reqwest::Client,
}

/// Why one start attempt did not give a running server, when trying again may help.
enum StartError {
    PortTaken,
}

impl Synapse {
    /// Starts a fresh homeserver and waits until it answers `/health`.
    ///
    /// Returns `None` (after saying so on stderr) when no Synapse venv is available, so a
    /// developer without one can still run `cargo test`; under CI (`CI` set) that panics instead,
    /// since CI must never skip these tests.
    pub async fn start() -> Option<Synapse> {
        let python = find_python()?;
        for attempt in 1..=START_ATTEMPTS {
            match Self::start_once(&python).await {
                Ok(synapse) => return Some(synapse),
                Err(StartError::PortTaken) => {
                    eprintln!("Synapse: port taken (attempt {attempt}), trying another one")
                }
            }
        }
        panic!("Synapse: could not bind a free port in {START_ATTEMPTS} attempts");
    }

    async fn start_once(python: &Path) -> Result<Synapse, StartError> {
        let dir = tempfile::Builder::new()
            .prefix("catan-synapse-")
            .tempdir()
            .expect("create Synapse's temporary directory");
        let port = free_port();
        let config = write_config(dir.path(), port);
        let stdout = File::create(dir.path().join("stdout.txt")).expect("create stdout.txt");
        let stderr = File::create(dir.path().join("stderr.txt")).expect("create stderr.txt");
        let mut command = Command::new(python);
        command
            .args(["-m", "synapse.app.homeserver", "-c"])
            .arg(&config)
            .current_dir(dir.path())
            .stdin(Stdio::null())
            .stdout(stdout)
            .stderr(stderr);
        // If the test process dies without running `Drop` (killed, aborted), the kernel sends
        // Synapse SIGTERM rather than leaving it running. Linux ties this to the spawning
        // *thread*: fine here, as the thread that starts Synapse outlives it in these tests.
        // SAFETY: prctl(2) is async-signal-safe and touches no memory of the parent.
        unsafe {
            command.pre_exec(|| {
                if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGTERM) == -1 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let child = command.spawn().unwrap_or_else(|e| {
            panic!("start {} -m synapse.app.homeserver: {e}", python.display())
        });
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(30))
            .build()
            .expect("build the HTTP client");
        let mut synapse = Synapse {
            child,
            port,
            dir,
            http,
        };
        synapse.wait_healthy().await?;
        Ok(synapse)
    }

    /// Polls `GET /health` every 100 ms until it answers, Synapse exits, or the bound passes.
    async fn wait_healthy(&mut self) -> Result<(), StartError> {
        let started = Instant::now();
        let url = format!("{}/health", self.base_url());
        loop {
            if let Some(status) = self.child.try_wait().expect("poll Synapse's process") {
                let output = format!("{}{}", self.file_tail("stderr.txt", 40), self.log_tail(40));
                if output.contains("Address already in use") {
                    return Err(StartError::PortTaken);
                }
                panic!("Synapse exited during start ({status}); stderr and log:\n{output}");
            }
            let response = self
                .http
                .get(&url)
                .timeout(Duration::from_secs(2))
                .send()
                .await;
            if let Ok(response) = response
                && response.status().is_success()
            {
                eprintln!(
                    "Synapse ready on port {} in {:.1} s",
                    self.port,
                    started.elapsed().as_secs_f64()
                );
                return Ok(());
            }
            if started.elapsed() > START_TIMEOUT {
                panic!(
                    "Synapse did not answer /health within {START_TIMEOUT:?}; stderr and log:\n{}{}",
                    self.file_tail("stderr.txt", 40),
                    self.log_tail(40)
                );
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// `http://127.0.0.1:PORT`, without a trailing slash.
    pub fn base_url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// The server name in user ids (`@alice:localhost`).
    pub fn server_name(&self) -> &str {
        SERVER_NAME
    }

    /// Synapse's temporary directory (config, database, logs); a test may put its bot's files
    /// there too.
    pub fn dir(&self) -> &Path {
        self.dir.path()
    }

    /// The last `lines` lines of Synapse's log, for a test's own failure messages.
    pub fn log_tail(&self, lines: usize) -> String {
        self.file_tail("homeserver.log", lines)
    }

    fn file_tail(&self, name: &str, lines: usize) -> String {
        let path = self.dir.path().join(name);
        match std::fs::read_to_string(&path) {
            Ok(text) => {
                let all: Vec<&str> = text.lines().collect();
                let mut tail = format!("--- {} ---\n", path.display());
                for line in &all[all.len().saturating_sub(lines)..] {
                    tail.push_str(line);
                    tail.push('\n');
                }
                tail
            }
            Err(e) => format!("--- {}: {e} ---\n", path.display()),
        }
    }

    /// Registers a (non-admin) user through the shared-secret admin API and returns its
    /// account, with an access token and a device ready to use.
    pub async fn register(&self, username: &str, password: &str) -> Account {
        let url = format!("{}/_synapse/admin/v1/register", self.base_url());
        let nonce = self
            .json(self.http.get(&url), "GET a registration nonce")
            .await["nonce"]
            .as_str()
            .expect("registration nonce is a string")
            .to_owned();
        let mac = registration_mac(&nonce, username, password);
        let body = json!({
            "nonce": nonce,
            "username": username,
            "password": password,
            "admin": false,
            "mac": mac,
        });
        let answer = self
            .json(
                self.http.post(&url).json(&body),
                &format!("register {username}"),
            )
            .await;
        let field = |name: &str| {
            answer[name]
                .as_str()
                .unwrap_or_else(|| panic!("registration answer has no {name}: {answer}"))
                .to_owned()
        };
        Account {
            user_id: field("user_id"),
            access_token: field("access_token"),
            device_id: field("device_id"),
            username: username.to_owned(),
            password: password.to_owned(),
        }
    }

    /// Sends `request` and returns its JSON answer; panics with `what` and the body on an HTTP
    /// error.
    async fn json(&self, request: reqwest::RequestBuilder, what: &str) -> Value {
        let response = request
            .send()
            .await
            .unwrap_or_else(|e| panic!("{what}: {e}"));
        let status = response.status();
        let text = response
            .text()
            .await
            .unwrap_or_else(|e| panic!("{what}: reading the answer: {e}"));
        assert!(status.is_success(), "{what}: HTTP {status}: {text}");
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{what}: not JSON ({e}): {text}"))
    }
}

impl Drop for Synapse {
    fn drop(&mut self) {
        stop(&mut self.child);
        if std::thread::panicking() {
            // A failing test: keep what Synapse wrote, and show the end of its log (under CI the
            // directory is gone with the machine, the printed tail is all there is).
            self.dir.disable_cleanup(true);
            eprintln!(
                "Synapse's files kept in {}\n{}",
                self.dir.path().display(),
                self.log_tail(30)
            );
        }
    }
}

/// SIGTERM, up to `STOP_TIMEOUT` for Synapse to exit, then SIGKILL. The child is not reaped
/// before this, so its pid cannot have been reused by another process.
fn stop(child: &mut Child) {
    let pid = libc::pid_t::try_from(child.id()).expect("pid fits pid_t");
    // SAFETY: kill(2) with a pid we own and a valid signal has no memory effects.
    unsafe { libc::kill(pid, libc::SIGTERM) };
    let deadline = Instant::now() + STOP_TIMEOUT;
    while Instant::now() < deadline {
        match child.try_wait() {
            Ok(Some(_)) => return,
            Ok(None) => std::thread::sleep(Duration::from_millis(50)),
            Err(_) => break,
        }
    }
    eprintln!("Synapse ignored SIGTERM for {STOP_TIMEOUT:?}: killing it");
    let _ = child.kill();
    let _ = child.wait();
}

/// The Python of a venv with Synapse: `CATAN_SYNAPSE_PYTHON`, else the repository's
/// `.ci/venv` (made by `.ci/run`). `None` means skip; under CI a missing venv panics instead.
fn find_python() -> Option<PathBuf> {
    if let Some(python) = std::env::var_os(PYTHON_ENV) {
        let python = PathBuf::from(python);
        assert!(
            python.exists(),
            "{PYTHON_ENV} names {}, which does not exist",
            python.display()
        );
        return Some(python);
    }
    let venv = Path::new(env!("CARGO_MANIFEST_DIR")).join(".ci/venv/bin/python");
    if venv.exists() {
        return Some(venv);
    }
    if std::env::var_os("CI").is_some() {
        panic!(
            "no Synapse venv under CI: neither {PYTHON_ENV} nor {} (.ci/run makes it)",
            venv.display()
        );
    }
    eprintln!("skipped: no Synapse venv (run .ci/run once, or set {PYTHON_ENV})");
    None
}

/// A port nobody listens on right now (the OS picks it; released at once for Synapse to bind).
fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1:0");
    listener.local_addr().expect("local address").port()
}

/// Writes homeserver.yaml, its log config and a signing key into `dir`; returns the config path.
///
/// Written by hand rather than with `--generate-config`, whose default listens on `::1` with
/// federation and trusts a remote key server: this one serves only the client API on loopback
/// and never reaches out.
fn write_config(dir: &Path, port: u16) -> PathBuf {
    // Paths as JSON strings, which YAML reads as they are, whatever characters they hold.
    let path = |name: &str| Value::from(dir.join(name).display().to_string()).to_string();
    let log_config = format!(
        "version: 1\n\
         formatters:\n  \
           precise:\n    \
             format: '%(asctime)s - %(name)s - %(lineno)d - %(levelname)s - %(request)s - %(message)s'\n\
         handlers:\n  \
           file:\n    \
             class: logging.FileHandler\n    \
             formatter: precise\n    \
             filename: {log}\n    \
             encoding: utf8\n\
         root:\n  \
           level: INFO\n  \
           handlers: [file]\n\
         disable_existing_loggers: false\n",
        log = path("homeserver.log"),
    );
    std::fs::write(dir.join("log.yaml"), log_config).expect("write log.yaml");
    std::fs::write(dir.join("signing.key"), signing_key()).expect("write signing.key");

    let unlimited = "{per_second: 1000000, burst_count: 1000000}";
    let mut rate_limits = String::new();
    for (key, sub_keys) in RATE_LIMITS {
        if sub_keys.is_empty() {
            writeln!(rate_limits, "{key}: {unlimited}").expect("write to a String");
        } else {
            writeln!(rate_limits, "{key}:").expect("write to a String");
            for sub_key in *sub_keys {
                writeln!(rate_limits, "  {sub_key}: {unlimited}").expect("write to a String");
            }
        }
    }

    let config = format!(
        "server_name: \"{SERVER_NAME}\"\n\
         public_baseurl: \"http://127.0.0.1:{port}/\"\n\
         listeners:\n  \
           - port: {port}\n    \
             bind_addresses: [\"127.0.0.1\"]\n    \
             type: http\n    \
             tls: false\n    \
             x_forwarded: false\n    \
             resources:\n      \
               - names: [client]\n        \
                 compress: false\n\
         database:\n  \
           name: sqlite3\n  \
           args:\n    \
             database: {db}\n\
         log_config: {log_config}\n\
         media_store_path: {media}\n\
         signing_key_path: {key}\n\
         registration_shared_secret: \"{SHARED_SECRET}\"\n\
         enable_registration: false\n\
         # Each registration and password login hashes a password: the default 12 rounds cost\n\
         # ~0.3 s each, 4 rounds next to nothing.\n\
         bcrypt_rounds: 4\n\
         report_stats: false\n\
         trusted_key_servers: []\n\
         suppress_key_server_warning: true\n\
         federation_domain_whitelist: []\n\
         presence:\n  \
           enabled: false\n\
         # The default caches an identical /sync answer for 2 minutes: a client repeating an\n\
         # initial sync would not see a new invite.\n\
         caches:\n  \
           sync_response_cache_duration: 0\n\
         {rate_limits}",
        db = path("homeserver.db"),
        log_config = path("log.yaml"),
        media = path("media"),
        key = path("signing.key"),
    );
    let config_path = dir.join("homeserver.yaml");
    std::fs::write(&config_path, config).expect("write homeserver.yaml");
    config_path
}

/// A fresh ed25519 signing key in Synapse's file format (`ed25519 KEY_ID SEED`, the 32-byte seed
/// in unpadded base64). Made here rather than with `generate_signing_key`, which costs a second
/// Python start (~0.8 s) per test.
fn signing_key() -> String {
    let seed: [u8; 32] = rand::random();
    format!("ed25519 a_test {}\n", base64_unpadded(&seed))
}

fn base64_unpadded(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        // 1, 2 or 3 bytes give 2, 3 or 4 characters.
        for i in 0..=chunk.len() {
            out.push(char::from(ALPHABET[(n >> (18 - 6 * i)) as usize & 63]));
        }
    }
    out
}

/// The `mac` of a shared-secret registration: HMAC-SHA1 over
/// `nonce\0username\0password\0notadmin`, in lowercase hex.
fn registration_mac(nonce: &str, username: &str, password: &str) -> String {
    let mut mac =
        Hmac::<Sha1>::new_from_slice(SHARED_SECRET.as_bytes()).expect("HMAC takes any key length");
    for (i, part) in [nonce, username, password, "notadmin"].iter().enumerate() {
        if i > 0 {
            mac.update(b"\0");
        }
        mac.update(part.as_bytes());
    }
    mac.finalize()
        .into_bytes()
        .iter()
        .fold(String::new(), |mut hex, byte| {
            write!(hex, "{byte:02x}").expect("write to a String");
            hex
        })
}
