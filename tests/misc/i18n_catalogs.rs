//! The message catalogs (`locales/<lang>/*.ftl`) are complete and consistent: every language
//! has every message English has (and no other), each uses the same placeholders, every
//! catalog parses cleanly, and every message id the code asks for (`t!("…")`) exists.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
use fluent_syntax::parser;

/// Message id → the placeholders (`$name`) it uses, for one language.
type Catalog = BTreeMap<String, BTreeSet<String>>;

fn languages() -> BTreeMap<String, Catalog> {
    let mut out = BTreeMap::new();
    for dir in fs::read_dir("locales").expect("locales/") {
        let dir = dir.expect("entry").path();
        if !dir.is_dir() {
            continue;
        }
        let code = dir
            .file_name()
            .expect("name")
            .to_string_lossy()
            .into_owned();
        let mut catalog = Catalog::new();
        for file in ftl_files(&dir) {
            let text = fs::read_to_string(&file).expect("catalog text");
            let resource = parser::parse(text.as_str()).unwrap_or_else(|(_, errors)| {
                panic!("{} does not parse: {errors:?}", file.display())
            });
            for entry in resource.body {
                match entry {
                    Entry::Message(m) => {
                        let mut vars = BTreeSet::new();
                        if let Some(p) = &m.value {
                            pattern_vars(p, &mut vars);
                        }
                        for a in &m.attributes {
                            pattern_vars(&a.value, &mut vars);
                        }
                        let id = m.id.name.to_string();
                        assert!(
                            catalog.insert(id.clone(), vars).is_none(),
                            "{code}: message {id} is defined twice ({})",
                            file.display()
                        );
                    }
                    Entry::Junk { content } => {
                        panic!("{}: unreadable entry {content:?}", file.display())
                    }
                    _ => {}
                }
            }
        }
        out.insert(code, catalog);
    }
    out
}

fn ftl_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .expect("language directory")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "ftl"))
        .collect();
    files.sort();
    files
}

fn pattern_vars(p: &Pattern<&str>, out: &mut BTreeSet<String>) {
    for element in &p.elements {
        if let PatternElement::Placeable { expression } = element {
            expression_vars(expression, out);
        }
    }
}

fn expression_vars(e: &Expression<&str>, out: &mut BTreeSet<String>) {
    match e {
        Expression::Inline(i) => inline_vars(i, out),
        Expression::Select { selector, variants } => {
            inline_vars(selector, out);
            for v in variants {
                pattern_vars(&v.value, out);
            }
        }
    }
}

fn inline_vars(i: &InlineExpression<&str>, out: &mut BTreeSet<String>) {
    match i {
        InlineExpression::VariableReference { id } => {
            out.insert(id.name.to_string());
        }
        InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_vars(a, out);
            }
            for a in &arguments.named {
                inline_vars(&a.value, out);
            }
        }
        InlineExpression::Placeable { expression } => expression_vars(expression, out),
        _ => {}
    }
}

#[test]
fn every_language_has_every_message_with_the_same_placeholders() {
    let langs = languages();
    let english = langs.get("en").expect("an English catalog");
    assert!(langs.len() >= 2, "English and at least one other language");
    for (code, catalog) in &langs {
        let missing: Vec<_> = english
            .keys()
            .filter(|k| !catalog.contains_key(*k))
            .collect();
        assert!(missing.is_empty(), "{code} lacks {missing:?}");
        let extra: Vec<_> = catalog
            .keys()
            .filter(|k| !english.contains_key(*k))
            .collect();
        assert!(
            extra.is_empty(),
            "{code} has messages English lacks: {extra:?}"
        );
        for (id, vars) in catalog {
            assert_eq!(
                vars, &english[id],
                "{code}: message {id} uses other placeholders than English"
            );
        }
    }
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in fs::read_dir(dir).expect("source directory") {
        let p = e.expect("entry").path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The ids in `t!("id"` and `text("id"`-style calls of one source file.
fn ids_asked_for(source: &str) -> Vec<String> {
    // Doc comments show examples of calls; only code asks.
    let code: Vec<&str> = source
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect();
    let source = code.join("\n");
    let source = source.as_str();
    let mut ids = Vec::new();
    for marker in ["t!(\"", "text_in(lang, \"", "i18n::text(\""] {
        let mut rest = source;
        while let Some(at) = rest.find(marker) {
            // `format!("…")` ends like `t!("…")`: only a call of `t!` itself counts.
            let called = !rest[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_');
            rest = &rest[at + marker.len()..];
            if called && let Some(end) = rest.find('"') {
                ids.push(rest[..end].to_string());
            }
        }
    }
    ids
}

#[test]
fn every_message_the_code_asks_for_exists() {
    let langs = languages();
    let english = &langs["en"];
    let mut files = Vec::new();
    rust_files(Path::new("src"), &mut files);
    let mut asked = 0;
    for file in files {
        let source = fs::read_to_string(&file).expect("source");
        for id in ids_asked_for(&source) {
            asked += 1;
            assert!(
                english.contains_key(&id) || id == "no-such-message",
                "{} asks for {id}, which no catalog has",
                file.display()
            );
        }
    }
    assert!(asked > 0, "the code asks for catalog messages");
}
