//! Reading HTTP request bodies for the fake Discord: Content-Length or chunked transfer, and
//! multipart form data (a `payload_json` part plus files).

use std::collections::HashMap;

use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, BufReader};
use tokio::net::TcpStream;

/// A file sent in a multipart request.
#[derive(Clone, Debug)]
pub struct FilePart {
    pub filename: String,
    pub bytes: Vec<u8>,
}

pub async fn read_body(
    reader: &mut BufReader<TcpStream>,
    headers: &HashMap<String, String>,
) -> std::io::Result<Vec<u8>> {
    if headers
        .get("transfer-encoding")
        .is_some_and(|v| v.eq_ignore_ascii_case("chunked"))
    {
        let mut body = Vec::new();
        loop {
            let mut size_line = String::new();
            reader.read_line(&mut size_line).await?;
            let size = usize::from_str_radix(size_line.trim().split(';').next().unwrap_or("0"), 16)
                .unwrap_or(0);
            if size == 0 {
                let mut end = String::new();
                reader.read_line(&mut end).await?;
                return Ok(body);
            }
            let mut chunk = vec![0; size + 2];
            reader.read_exact(&mut chunk).await?;
            body.extend_from_slice(&chunk[..size]);
        }
    }
    let len: usize = headers
        .get("content-length")
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    let mut body = vec![0; len];
    reader.read_exact(&mut body).await?;
    Ok(body)
}

/// JSON body, or multipart form data with a `payload_json` part and files.
pub fn parse_body(content_type: &str, body: &[u8]) -> (Option<Value>, Vec<FilePart>) {
    if let Some(boundary) = content_type
        .split(';')
        .map(str::trim)
        .find_map(|p| p.strip_prefix("boundary="))
    {
        let boundary = boundary.trim_matches('"');
        let mut json = None;
        let mut files = Vec::new();
        for part in split_multipart(body, boundary) {
            let Some(split) = find(part, b"\r\n\r\n") else {
                continue;
            };
            let head = String::from_utf8_lossy(&part[..split]).to_string();
            let data = &part[split + 4..];
            let field = header_param(&head, "name").unwrap_or_default();
            match header_param(&head, "filename") {
                Some(filename) => files.push(FilePart {
                    filename,
                    bytes: data.to_vec(),
                }),
                None if field == "payload_json" => json = serde_json::from_slice(data).ok(),
                None => {}
            }
        }
        return (json, files);
    }
    (serde_json::from_slice(body).ok(), Vec::new())
}

fn split_multipart<'a>(body: &'a [u8], boundary: &str) -> Vec<&'a [u8]> {
    let delimiter = format!("--{boundary}");
    let d = delimiter.as_bytes();
    let mut parts = Vec::new();
    let mut rest = body;
    while let Some(start) = find(rest, d) {
        rest = &rest[start + d.len()..];
        if rest.starts_with(b"--") {
            break;
        }
        let rest_trimmed = rest.strip_prefix(b"\r\n").unwrap_or(rest);
        let end = find(rest_trimmed, d).unwrap_or(rest_trimmed.len());
        let part = &rest_trimmed[..end];
        parts.push(part.strip_suffix(b"\r\n").unwrap_or(part));
        rest = &rest_trimmed[end..];
    }
    parts
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

fn header_param(head: &str, name: &str) -> Option<String> {
    let key = format!("{name}=\"");
    let disposition = head
        .lines()
        .find(|l| l.to_ascii_lowercase().starts_with("content-disposition"))?;
    disposition.split(';').map(str::trim).find_map(|p| {
        p.strip_prefix(&key)
            .map(|v| v.trim_end_matches('"').to_string())
    })
}
