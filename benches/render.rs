//! Render + PNG encode of a mid-game board (budget: ≤ 8 ms p50, ≤ 150 KB). Prints the PNG
//! sizes; criterion prints the times. `cargo bench --bench render`. The island of each layout
//! is cached after the first picture, as in a game; "first picture" times a cache miss.

use catan_bot::engine::LayoutKind;
use catan_bot::render::{render_board, render_picture, sample_view};
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
    for (label, players, layout) in [
        ("4p", 4u8, LayoutKind::Variable),
        ("6p", 6, LayoutKind::Variable),
        ("beginner", 4, LayoutKind::Beginner),
    ] {
        let view = sample_view(players, layout, 7, None);
        match render_board(&view, &names) {
            Ok(png) => println!(
                "{label} mid-game board: PNG {} bytes ({:.1} KB)",
                png.len(),
                png.len() as f64 / 1024.0
            ),
            Err(e) => panic!("render failed: {e}"),
        }
        c.bench_function(&format!("render+encode {label} mid-game"), |b| {
            b.iter(|| render_board(black_box(&view), &names))
        });
        c.bench_function(&format!("draw only {label} mid-game"), |b| {
            b.iter(|| render_picture(black_box(&view), &names))
        });
        if let Ok(picture) = render_picture(&view, &names) {
            c.bench_function(&format!("encode only {label} mid-game"), |b| {
                b.iter(|| black_box(&picture).encode())
            });
        }
    }
    // A new layout every time: the island is drawn and its palette chosen (once per game).
    let mut seed = 1000;
    c.bench_function("render+encode 4p first picture of a layout", |b| {
        b.iter(|| {
            seed += 1;
            let view = sample_view(4, LayoutKind::Variable, seed, None);
            render_board(&view, &names)
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30);
    targets = bench_render
}
criterion_main!(benches);
