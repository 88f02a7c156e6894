//! The store's tests in one test binary (one link instead of one per file): atomic commands,
//! crash and repair by killing child processes, damage, disk full, the old release's data.

#[path = "../table_support/mod.rs"]
mod table_support;

mod store_host;
mod store_support;

mod store_atomic_commands;
mod store_crash;
mod store_damage;
mod store_old_release;
mod store_ratings_crash;
mod store_recovery;
mod store_repair;
