//! The console front end's tests in one test binary (one link instead of one per file): the
//! `catan-bot` binary driven through stdin, its acknowledgements, crashes and languages.

#[path = "../table_support/mod.rs"]
mod table_support;

mod console_acks;
mod console_crash;
mod console_damage_notices;
mod console_german;
mod console_local;
mod console_native;
