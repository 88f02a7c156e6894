//! The engine's rules in one test binary: each rule area's scenarios, the properties of
//! `legal_actions` and `apply`, and the recorded games that must replay bit for bit. Built
//! from the engine crate alone (`cargo test -p catan-engine`), without any chat crate.

mod engine_props;
mod engine_recorded;
mod rules_longest_route;
mod rules_turn;
mod rules_victory;

/// `config` with failure seeds kept next to the test's source file
/// (`rules/engine_props.proptest-regressions`). Proptest's default would put them in
/// `tests/proptest-regressions/`, since this test crate's directory holds a `main.rs`.
pub fn regressions_beside_source(
    config: proptest::test_runner::Config,
) -> proptest::test_runner::Config {
    proptest::test_runner::Config {
        failure_persistence: Some(Box::new(
            proptest::test_runner::FileFailurePersistence::WithSource("proptest-regressions"),
        )),
        ..config
    }
}
