//! Render + PNG encode of a mid-game board (budget: ≤ 15 ms, ≤ 300 KB). Prints the PNG sizes;
//! criterion prints the times. `cargo bench --bench render`.

use catan_bot::engine::LayoutKind;
use catan_bot::render::{encode_png, render_board, render_image, sample_game};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

fn names() -> Vec<String> {
    ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank"]
        .iter()
        .map(|s| s.to_string())
        .collect()
}

fn bench_render(c: &mut Criterion) {
    let names = names();
    for players in [4u8, 6] {
        let view = sample_game(players, LayoutKind::Variable, 7).view(None);
        match render_board(&view, &names) {
            Ok(png) => println!(
                "{players}-player mid-game board: PNG {} bytes ({:.1} KB)",
                png.len(),
                png.len() as f64 / 1024.0
            ),
            Err(e) => panic!("render failed: {e}"),
        }
        c.bench_function(&format!("render+encode {players}p mid-game"), |b| {
            b.iter(|| render_board(black_box(&view), &names))
        });
        c.bench_function(&format!("draw only {players}p mid-game"), |b| {
            b.iter(|| render_image(black_box(&view), &names))
        });
        if let Ok(img) = render_image(&view, &names) {
            c.bench_function(&format!("encode only {players}p mid-game"), |b| {
                b.iter(|| encode_png(black_box(&img)))
            });
        }
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30);
    targets = bench_render
}
criterion_main!(benches);
