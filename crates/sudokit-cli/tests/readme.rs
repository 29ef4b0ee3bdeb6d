//! Runs every `console` example of the README and compares what it prints
//! with what the README shows, so the user's guide cannot drift from the
//! command.
//!
//! Each block runs as one bash script from the workspace root with this
//! build's `sudokit` first on `PATH` (so `$?` and pipes work as printed).
//! A command's shown output is its stdout followed by its stderr. As in
//! trycmd, `[..]` in a line matches any text and a line `...` any number of
//! lines, for what varies from run to run (times, rates). A block right after
//! a line `<!-- not run by tests: why -->` is left out (a server, a browser).

mod support;

use std::path::PathBuf;
use std::process::Command;

use support::repo_path;

/// One `$ command` of a block and the lines the README shows after it.
struct Example {
    readme_line: usize,
    command: String,
    expected: Vec<String>,
}

/// A `console` block of the README.
struct Block {
    readme_line: usize,
    examples: Vec<Example>,
}

const SKIP_MARK: &str = "<!-- not run by tests:";

/// The `console` blocks of `markdown`, with the skipped ones left out.
fn console_blocks(markdown: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut previous_text_line = "";
    let mut lines = markdown.lines().enumerate();
    while let Some((index, line)) = lines.next() {
        if line.trim_end() != "```console" {
            if !line.trim().is_empty() {
                previous_text_line = line;
            }
            continue;
        }
        let skipped = previous_text_line.trim_start().starts_with(SKIP_MARK);
        let mut block = Block {
            readme_line: index + 1,
            examples: Vec::new(),
        };
        for (index, line) in lines.by_ref() {
            if line.starts_with("```") {
                break;
            }
            if let Some(command) = line.strip_prefix("$ ") {
                block.examples.push(Example {
                    readme_line: index + 1,
                    command: command.to_owned(),
                    expected: Vec::new(),
                });
            } else if let Some(example) = block.examples.last_mut() {
                example.expected.push(line.to_owned());
            } else {
                panic!(
                    "README.md:{}: console block output before any `$ ` command",
                    index + 1
                );
            }
        }
        previous_text_line = "```";
        if !skipped {
            blocks.push(block);
        }
    }
    blocks
}

/// The marker printed before each command on both streams, to split them.
fn marker(index: usize) -> String {
    format!("\n@@sudokit-readme-example {index}@@\n")
}

/// Splits a stream printed by [`script`] into one output per command.
fn split_outputs(stream: &str, count: usize) -> Vec<String> {
    let mut outputs = Vec::with_capacity(count);
    let mut rest = stream;
    for index in 0..count {
        let start = rest
            .find(&marker(index))
            .map(|at| at + marker(index).len())
            .unwrap_or(rest.len());
        rest = &rest[start..];
        let end = rest.find(&marker(index + 1)).unwrap_or(rest.len());
        outputs.push(rest[..end].to_owned());
        rest = &rest[end..];
    }
    outputs
}

/// The block as one bash script: a marker on both streams before each
/// command, keeping the previous command's status for `echo $?`.
fn script(block: &Block) -> String {
    let mut script = String::new();
    for (index, example) in block.examples.iter().enumerate() {
        let marker = marker(index).replace('\n', "\\n");
        script.push_str(&format!(
            "status=$?; printf '{marker}'; printf '{marker}' >&2; (exit $status)\n{}\n",
            example.command
        ));
    }
    script
}

/// Whether `actual` matches the pattern line `expected`, where `[..]` matches
/// any text.
fn line_matches(expected: &str, actual: &str) -> bool {
    let mut pieces = expected.split("[..]");
    let first = pieces.next().unwrap_or("");
    let Some(mut rest) = actual.strip_prefix(first) else {
        return false;
    };
    let pieces: Vec<&str> = pieces.collect();
    for (index, piece) in pieces.iter().enumerate() {
        if index + 1 == pieces.len() {
            return rest.ends_with(piece);
        }
        match rest.find(piece) {
            Some(at) => rest = &rest[at + piece.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

/// Whether the lines match the pattern lines, where a line `...` matches any
/// number of lines.
fn lines_match(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first == "..." => {
            (0..=actual.len()).any(|skip| lines_match(rest, &actual[skip..]))
        }
        Some((first, rest)) => match actual.split_first() {
            Some((line, actual_rest)) => {
                line_matches(first, line) && lines_match(rest, actual_rest)
            }
            None => false,
        },
    }
}

#[test]
fn every_console_example_prints_what_the_readme_shows() {
    let root = repo_path("");
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md");
    let blocks = console_blocks(&readme);
    assert!(
        blocks.len() >= 20,
        "found only {} console blocks",
        blocks.len()
    );

    let binary = PathBuf::from(env!("CARGO_BIN_EXE_sudokit"));
    let bin_dir = binary.parent().expect("binary directory");
    let path = std::env::join_paths(std::iter::once(bin_dir.to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .expect("PATH");

    let mut failures = Vec::new();
    let mut commands = 0;
    for block in &blocks {
        let output = Command::new("bash")
            .arg("-c")
            .arg(script(block))
            .current_dir(&root)
            .env("PATH", &path)
            .env_remove("SUDOKIT_PANIC_AT_LINE")
            .output()
            .expect("bash runs");
        let count = block.examples.len();
        let stdout = split_outputs(&String::from_utf8_lossy(&output.stdout), count);
        let stderr = split_outputs(&String::from_utf8_lossy(&output.stderr), count);
        for ((example, out), err) in block.examples.iter().zip(&stdout).zip(&stderr) {
            commands += 1;
            let actual: Vec<&str> = out.lines().chain(err.lines()).collect();
            if !lines_match(&example.expected, &actual) {
                failures.push(format!(
                    "README.md:{} (block at line {}): $ {}\n--- the README shows:\n{}\n--- it printed:\n{}\n",
                    example.readme_line,
                    block.readme_line,
                    example.command,
                    example.expected.join("\n"),
                    actual.join("\n"),
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {commands} README examples differ:\n\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn patterns_match_what_they_should_and_nothing_else() {
    assert!(line_matches("in [..] s ([..]/s)", "in 0.004 s (1056/s)"));
    assert!(line_matches("[..]", ""));
    assert!(line_matches("exact", "exact"));
    assert!(!line_matches("exact", "exactly"));
    assert!(!line_matches("in [..] s", "in 3 ms"));
    assert!(!line_matches("a[..]b[..]c", "a-c-b"));
    let lines = |text: &str| text.lines().map(str::to_owned).collect::<Vec<_>>();
    assert!(lines_match(&lines("a\n...\nd"), &["a", "b", "c", "d"]));
    assert!(lines_match(&lines("a\n...\nd"), &["a", "d"]));
    assert!(!lines_match(&lines("a\n...\nd"), &["a", "b"]));
    assert!(!lines_match(&lines("a\nb"), &["a", "b", "c"]));
    assert!(!lines_match(&lines("a\nb"), &["a"]));
}

#[test]
fn blocks_split_into_commands_and_skips_are_honoured() {
    let markdown = "text\n```console\n$ one\nout 1\n\n$ two\n```\n\n<!-- not run by tests: a server -->\n\n```console\n$ three\n```\n";
    let blocks = console_blocks(markdown);
    assert_eq!(blocks.len(), 1);
    let commands: Vec<&str> = blocks[0]
        .examples
        .iter()
        .map(|e| e.command.as_str())
        .collect();
    assert_eq!(commands, ["one", "two"]);
    assert_eq!(blocks[0].examples[0].expected, ["out 1", ""]);
    assert_eq!(blocks[0].examples[0].readme_line, 3);

    let stream = format!("{}a\n{}b", marker(0), marker(1));
    assert_eq!(split_outputs(&stream, 2), ["a\n", "b"]);
}
