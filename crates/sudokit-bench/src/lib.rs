//! # sudokit-bench
//!
//! The benchmark harness of sudokit: loads the standard puzzle collections
//! (one 81-character puzzle per line, `*.txt` in a folder) for the
//! `sudokit-bench` binary, which times sudokit's engine against the `sudoku`
//! crate, and for the criterion benchmarks in `benches/engine.rs`.
//!
//! Not published: the peer engine it links, the `sudoku` crate, is AGPL-3.0.

#![warn(missing_docs)]

use std::fmt;
use std::fs::{self, File};
use std::io::{self, BufReader};
use std::path::{Path, PathBuf};

use sudokit::{Grid, Records};

/// The workspace root, found from this crate's manifest folder at compile time.
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The sample collections shipped with the repository (`data/puzzles`).
pub fn sample_folder() -> PathBuf {
    workspace_root().join("data/puzzles")
}

/// The full collections on the project's machines (`../shared/data/puzzles`
/// beside the workspace), if that folder exists.
pub fn shared_folder() -> Option<PathBuf> {
    let folder = workspace_root().join("../shared/data/puzzles");
    folder.is_dir().then_some(folder)
}

/// The folder the harness reads by default: the full collections when present,
/// else the shipped samples.
pub fn default_folder() -> PathBuf {
    shared_folder().unwrap_or_else(sample_folder)
}

/// One puzzle of a collection.
#[derive(Clone, Copy, Debug)]
pub struct Puzzle {
    /// The line of the file it was read from, counted from 1.
    pub line: usize,
    /// The board.
    pub grid: Grid,
}

/// The puzzles of one file.
#[derive(Clone, Debug)]
pub struct Collection {
    /// The file name without `.txt`, e.g. `puzzles2_17_clue`.
    pub name: String,
    /// The file it was read from.
    pub path: PathBuf,
    /// The puzzles kept, in file order (at most the limit given to [`load_collection`]).
    pub puzzles: Vec<Puzzle>,
    /// How many puzzles the file holds.
    pub total: usize,
}

/// Why a collection could not be loaded.
#[derive(Debug)]
pub enum LoadError {
    /// The folder or a file could not be read.
    Io(PathBuf, io::Error),
    /// A record of a file is not a board.
    Parse {
        /// The file.
        path: PathBuf,
        /// Its line, counted from 1.
        line: usize,
        /// What is wrong with it.
        message: String,
    },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Io(path, error) => write!(f, "{}: {error}", path.display()),
            LoadError::Parse {
                path,
                line,
                message,
            } => write!(f, "{}:{line}: {message}", path.display()),
        }
    }
}

impl std::error::Error for LoadError {}

/// The `*.txt` files of `folder`, sorted by name.
pub fn collection_files(folder: &Path) -> Result<Vec<PathBuf>, LoadError> {
    let io_error = |error| LoadError::Io(folder.to_path_buf(), error);
    let mut files = Vec::new();
    for entry in fs::read_dir(folder).map_err(io_error)? {
        let path = entry.map_err(io_error)?.path();
        if path.extension().is_some_and(|ext| ext == "txt") && path.is_file() {
            files.push(path);
        }
    }
    files.sort();
    Ok(files)
}

/// Reads every puzzle of the file at `path` (read with [`Records`], so `#`
/// comment lines and blank lines are skipped), keeping the first `limit`.
///
/// A record that is not a board is an error naming its line.
pub fn load_collection(path: &Path, limit: Option<usize>) -> Result<Collection, LoadError> {
    let file = File::open(path).map_err(|error| LoadError::Io(path.to_path_buf(), error))?;
    let limit = limit.unwrap_or(usize::MAX);
    let mut puzzles = Vec::new();
    let mut total = 0;
    for record in Records::new(BufReader::new(file)) {
        let record = record.map_err(|error| LoadError::Io(path.to_path_buf(), error))?;
        let grid = record.grid.map_err(|error| LoadError::Parse {
            path: path.to_path_buf(),
            line: error.line,
            message: error.to_string(),
        })?;
        total += 1;
        if puzzles.len() < limit {
            puzzles.push(Puzzle {
                line: record.line,
                grid,
            });
        }
    }
    let name = path
        .file_stem()
        .map_or_else(String::new, |stem| stem.to_string_lossy().into_owned());
    Ok(Collection {
        name,
        path: path.to_path_buf(),
        puzzles,
        total,
    })
}

/// Every collection of `folder`, in file-name order.
pub fn load_folder(folder: &Path, limit: Option<usize>) -> Result<Vec<Collection>, LoadError> {
    collection_files(folder)?
        .iter()
        .map(|path| load_collection(path, limit))
        .collect()
}

/// The same board as a `sudoku` crate value.
pub fn to_peer(grid: &Grid) -> sudoku::Sudoku {
    sudoku::Sudoku::from_bytes(*grid.values()).expect("a Grid holds values 0..=9 only")
}

/// A `sudoku` crate board as a [`Grid`].
pub fn from_peer(sudoku: &sudoku::Sudoku) -> Grid {
    Grid::from_values(sudoku.to_bytes()).expect("a Sudoku holds values 0..=9 only")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_samples_load() {
        let collections = load_folder(&sample_folder(), Some(5)).unwrap();
        assert_eq!(collections.len(), 5);
        for collection in &collections {
            assert_eq!(collection.puzzles.len(), 5, "{}", collection.name);
            assert!(collection.total >= 300, "{}", collection.name);
            assert_eq!(collection.puzzles[0].line, 1);
            let grid = collection.puzzles[0].grid;
            assert_eq!(from_peer(&to_peer(&grid)), grid);
        }
    }
}
