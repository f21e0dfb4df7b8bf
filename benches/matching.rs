//! Benchmarks of the generic maximum-weight matching (`domain::matching`): complete
//! graphs of 200 and 1,000 vertices (random weights, or a few tied weights) and a
//! sparse graph of 3,000 vertices with about 50 edges each, all seeded. Run with `cargo bench --bench matching`.

use bianpai::domain::matching::{Edge, Matcher, Weight};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;

/// Weights as the Swiss engine makes them: several criteria packed into ~2^100.
fn random_weight(rng: &mut ChaCha8Rng) -> Weight {
    (Weight::from(rng.random_range(0u32..1_000)) << 90) + Weight::from(rng.random::<u64>() >> 10)
}

/// Every pair of `n` vertices, each with a random weight.
fn complete_graph(n: usize, seed: u64) -> Vec<Edge> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut edges = Vec::with_capacity(n * (n - 1) / 2);
    for u in 0..n {
        for v in u + 1..n {
            edges.push(Edge::new(u, v, random_weight(&mut rng)));
        }
    }
    edges
}

/// Every pair of `n` vertices, with one of a few weights: many ties, as in a Swiss
/// round where most pairs differ in no criterion.
fn tied_complete_graph(n: usize, seed: u64) -> Vec<Edge> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut edges = Vec::with_capacity(n * (n - 1) / 2);
    for u in 0..n {
        for v in u + 1..n {
            edges.push(Edge::new(u, v, Weight::from(rng.random_range(0u32..4)) << 90));
        }
    }
    edges
}

/// `n` vertices with about `degree` random edges each.
fn sparse_graph(n: usize, degree: usize, seed: u64) -> Vec<Edge> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..n * degree / 2)
        .map(|_| {
            let u = rng.random_range(0..n);
            let v = rng.random_range(0..n);
            Edge::new(u, v, random_weight(&mut rng))
        })
        .collect()
}

fn bench_matching(c: &mut Criterion) {
    let mut group = c.benchmark_group("Matcher::max_weight_matching");
    group.sample_size(10);
    let cases = [
        ("complete", 200, complete_graph(200, 1)),
        ("complete", 1_000, complete_graph(1_000, 2)),
        ("complete-tied", 1_000, tied_complete_graph(1_000, 4)),
        ("sparse-50", 3_000, sparse_graph(3_000, 50, 3)),
    ];
    for (name, n, edges) in &cases {
        for max_cardinality in [true, false] {
            let label = if max_cardinality { format!("{name}/max-cardinality") } else { format!("{name}/max-weight") };
            group.bench_with_input(BenchmarkId::new(label, n), edges, |b, edges| {
                b.iter(|| Matcher::max_weight_matching(*n, black_box(edges), max_cardinality));
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench_matching);
criterion_main!(benches);
