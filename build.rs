//! Compiles the message catalogs in: every `locales/<language>/*.ftl` file becomes part of the
//! binary, so adding a language is adding a directory of catalog files (no code change).

use std::fmt::Write as _;
use std::path::Path;
use std::{env, fs};

fn main() {
    println!("cargo:rerun-if-changed=locales");
    let mut languages: Vec<(String, Vec<String>)> = Vec::new();
    let mut dirs: Vec<_> = fs::read_dir("locales")
        .expect("the locales/ directory")
        .filter_map(Result::ok)
        .filter(|e| e.path().is_dir())
        .collect();
    dirs.sort_by_key(|e| e.file_name());
    for dir in dirs {
        println!("cargo:rerun-if-changed={}", dir.path().display());
        let code = dir.file_name().to_string_lossy().into_owned();
        let mut files: Vec<String> = fs::read_dir(dir.path())
            .expect("a language directory")
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "ftl"))
            .map(|p| {
                fs::canonicalize(&p)
                    .expect("a catalog path")
                    .display()
                    .to_string()
            })
            .collect();
        files.sort();
        for f in &files {
            println!("cargo:rerun-if-changed={f}");
        }
        languages.push((code, files));
    }
    // English first: it is the fallback for a message another catalog lacks.
    languages.sort_by_key(|(code, _)| (code != "en", code.clone()));
    assert!(
        languages.first().is_some_and(|(c, _)| c == "en"),
        "locales/en/ must exist"
    );
    let mut out =
        String::from("/// `(language code, [(file name, catalog text)])`, English first.\n");
    out.push_str("pub(super) static CATALOGS: &[(&str, &[(&str, &str)])] = &[\n");
    for (code, files) in &languages {
        let _ = write!(out, "    ({code:?}, &[");
        for f in files {
            let name = Path::new(f)
                .file_name()
                .map(|n| n.to_string_lossy().into_owned());
            let _ = write!(
                out,
                "({:?}, include_str!({f:?})), ",
                name.unwrap_or_default()
            );
        }
        out.push_str("]),\n");
    }
    out.push_str("];\n");
    let dest = Path::new(&env::var("OUT_DIR").expect("OUT_DIR")).join("catalogs.rs");
    fs::write(dest, out).expect("write catalogs.rs");
}
