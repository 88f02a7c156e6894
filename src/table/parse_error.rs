//! Why a typed line (or a typed field of a slash command) could not be understood: the refusal
//! the command language and the lobby's settings share.

use thiserror::Error;

use crate::i18n::excerpt;

/// Why a line could not be understood. Each message says what is expected, in the current
/// language (see [`ParseError::text`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{}", self.text())]
pub enum ParseError {
    Empty,
    Unknown(String),
    /// `problem` is already in the language of the moment it was made.
    Usage {
        problem: String,
        usage: &'static str,
    },
    NoGame,
    /// A road between two intersections that do not touch; `neighbours` are those of `a`.
    NotNeighbours {
        a: String,
        b: String,
        neighbours: String,
        usage: &'static str,
    },
}

impl ParseError {
    /// The message in the current language; the expected form shows the language's command
    /// words (see [`command_words::say`](super::command_words::say)).
    pub fn text(&self) -> String {
        match self {
            ParseError::Empty => crate::t!("command-empty"),
            ParseError::Unknown(word) => crate::t!("command-unknown", word = excerpt(word)),
            ParseError::Usage { problem, usage } => crate::t!(
                "command-usage",
                problem = problem.as_str(),
                usage = super::command_words::say(usage)
            ),
            ParseError::NoGame => crate::t!("command-no-game"),
            ParseError::NotNeighbours {
                a, b, neighbours, ..
            } => crate::t!(
                "command-not-neighbours",
                a = a.as_str(),
                b = b.as_str(),
                neighbours = neighbours.as_str()
            ),
        }
    }
}
