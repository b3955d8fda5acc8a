//! Database files: a [`Database`] on disk, versioned and checksummed.
//!
//! The format (version 1), every number little-endian:
//!
//! | bytes | what |
//! |---|---|
//! | 8 | the magic `AYLA-DB` and a newline |
//! | 4 | the format version, `1` |
//! | 4 | the cycle convention, `1`: endless play splits the seeds left ([`super::Convention::SplitEvenly`]) |
//! | 8 | the rules' [`fingerprint`]: a file built for other rules is refused |
//! | 4 | pits on the board |
//! | 4 | seeds the rules have |
//! | 4 | the layers held, `L` (layer `s` holds `s` seeds on the board) |
//! | 4 + n | the variant's id, its length then UTF-8 (for messages only) |
//! | 4 + n | the start of a database of reached positions, in the position notation, its length then UTF-8; length 0 for a database of every position of its layers |
//! | per layer | what it holds (`u32`): `0` every position, `1` the reached ones, then for `1` a bit per position (`u64` words, `ceil(P / 64)` of them, position `i` bit `i % 64` of word `i / 64`); then its values: the least (`i32`), bits a value (`u32`), how many (`u64`), the packed words (`u64` each, [`Packed`]) |
//! | 4 | CRC-32 of every byte before it |
//!
//! Layer `s` has `P = 2 C(s + pits - 1, pits - 1)` positions, numbered
//! `2 rank + side` (South 0, North 1), `rank` the stars-and-bars number of
//! its seeds ([`super::index::Ranking`]); its values are those of every
//! position, or of the reached ones, in that order. A file is written
//! beside its final name and renamed into place, so a run stopped midway
//! leaves the old file whole.

use super::packed::Packed;
use super::reach::Reach;
use super::retro::{Database, Layer};
use super::{Convention, fingerprint};
use crate::engine::Variant;
use std::fmt;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The first bytes of every database file.
pub const MAGIC: &[u8; 8] = b"AYLA-DB\n";
/// The format version this build reads and writes.
pub const VERSION: u32 = 1;

/// The code of a convention in the file.
fn convention_code(c: Convention) -> u32 {
    match c {
        Convention::SplitEvenly => 1,
    }
}

/// Why a database file cannot be used.
#[derive(Debug)]
pub enum FileError {
    /// It could not be read.
    Io(io::Error),
    /// It is not a database file (its first bytes are not [`MAGIC`]).
    NotADatabase,
    /// It is in another version of the format.
    Version(u32),
    /// Its values are under another cycle convention.
    Convention(u32),
    /// It was built for other rules: its fingerprint and variant id.
    OtherRules(u64, String),
    /// Its checksum does not match its bytes: it is damaged.
    Checksum,
    /// It is cut short or its parts do not fit together.
    Malformed(String),
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileError::Io(e) => write!(f, "cannot read it: {e}"),
            FileError::NotADatabase => f.write_str("it is not an ayla database file"),
            FileError::Version(v) => write!(
                f,
                "it is in version {v} of the format, and this ayla reads version {VERSION}; build it again"
            ),
            FileError::Convention(c) => write!(
                f,
                "its values are under cycle convention {c}, which this ayla does not know"
            ),
            FileError::OtherRules(fp, id) => write!(
                f,
                "it was built for other rules ({id}, fingerprint {fp:016x}); build it again for these"
            ),
            FileError::Checksum => f.write_str("its checksum does not match: the file is damaged"),
            FileError::Malformed(m) => write!(f, "it is damaged: {m}"),
        }
    }
}

impl std::error::Error for FileError {}

impl From<io::Error> for FileError {
    fn from(e: io::Error) -> FileError {
        if e.kind() == io::ErrorKind::UnexpectedEof {
            FileError::Malformed("it ends too soon".into())
        } else {
            FileError::Io(e)
        }
    }
}

/// The file name of `variant`'s database in a directory: its id and
/// fingerprint, so databases of different rules sit side by side.
#[must_use]
pub fn file_name(variant: &Variant) -> String {
    let id: String = variant
        .provenance
        .id
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    format!("{id}-{:016x}.ayladb", fingerprint(variant))
}

/// The file name of the database of the positions of `variant` reached
/// from `start`: [`file_name`]'s, with a fingerprint of the start.
#[must_use]
pub fn reached_file_name(variant: &Variant, start: &crate::engine::Position) -> String {
    let text = crate::notation::format_position(variant, start);
    let h = text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    file_name(variant).replace(".ayladb", &format!("-from-{:08x}.ayladb", h as u32))
}

/// Writes `db` to `path` (through a temporary file beside it, renamed
/// into place).
///
/// # Errors
/// The file cannot be written.
pub fn save(db: &Database, path: &Path) -> io::Result<()> {
    let mut tmp = PathBuf::from(path);
    tmp.as_mut_os_string().push(".part");
    {
        let mut w = Hashing::new(BufWriter::new(std::fs::File::create(&tmp)?));
        let v = db.variant();
        w.write_all(MAGIC)?;
        w.write_all(&VERSION.to_le_bytes())?;
        w.write_all(&convention_code(Convention::SplitEvenly).to_le_bytes())?;
        w.write_all(&fingerprint(v).to_le_bytes())?;
        w.write_all(&(v.pits() as u32).to_le_bytes())?;
        let total: u32 = v.initial.iter().map(|&s| u32::from(s)).sum();
        w.write_all(&total.to_le_bytes())?;
        w.write_all(&(db.layers().len() as u32).to_le_bytes())?;
        let id = v.provenance.id.as_bytes();
        w.write_all(&(id.len() as u32).to_le_bytes())?;
        w.write_all(id)?;
        let from = db
            .from()
            .map_or(String::new(), |p| crate::notation::format_position(v, p));
        w.write_all(&(from.len() as u32).to_le_bytes())?;
        w.write_all(from.as_bytes())?;
        for layer in db.layers() {
            match layer.reach() {
                None => w.write_all(&0u32.to_le_bytes())?,
                Some(r) => {
                    w.write_all(&1u32.to_le_bytes())?;
                    write_words(&mut w, r.words())?;
                }
            }
            let values = layer.values();
            w.write_all(&values.min().to_le_bytes())?;
            w.write_all(&values.bits().to_le_bytes())?;
            w.write_all(&values.len().to_le_bytes())?;
            write_words(&mut w, values.words())?;
        }
        let crc = w.hasher.clone().finalize();
        w.inner.write_all(&crc.to_le_bytes())?;
        w.inner
            .into_inner()
            .map_err(|e| e.into_error())?
            .sync_all()?;
    }
    std::fs::rename(&tmp, path)
}

/// Reads the database of `variant` from `path`.
///
/// # Errors
/// The file cannot be read, is not a database, is in another version or
/// convention, was built for other rules, or is damaged.
pub fn load(variant: &Arc<Variant>, path: &Path) -> Result<Database, FileError> {
    let mut r = Hashing::new(BufReader::new(std::fs::File::open(path)?));
    let mut magic = [0u8; 8];
    r.read_exact(&mut magic)?;
    if &magic != MAGIC {
        return Err(FileError::NotADatabase);
    }
    let version = r.u32()?;
    if version != VERSION {
        return Err(FileError::Version(version));
    }
    let convention = r.u32()?;
    if convention != convention_code(Convention::SplitEvenly) {
        return Err(FileError::Convention(convention));
    }
    let fp = r.u64()?;
    let pits = r.u32()?;
    let total = r.u32()?;
    let count = r.u32()?;
    let id_len = r.u32()?;
    if id_len > 4096 {
        return Err(FileError::Malformed(format!("an id of {id_len} bytes")));
    }
    let mut id = vec![0u8; id_len as usize];
    r.read_exact(&mut id)?;
    let id = String::from_utf8_lossy(&id).into_owned();
    let from_len = r.u32()?;
    if from_len > 4096 {
        return Err(FileError::Malformed(format!("a start of {from_len} bytes")));
    }
    let mut from = vec![0u8; from_len as usize];
    r.read_exact(&mut from)?;
    let want_total: u32 = variant.initial.iter().map(|&s| u32::from(s)).sum();
    if fp != fingerprint(variant) || pits as usize != variant.pits() || total != want_total {
        return Err(FileError::OtherRules(fp, id));
    }
    if count > total + 1 {
        return Err(FileError::Malformed(format!(
            "{count} layers for {total} seeds"
        )));
    }
    let from = if from.is_empty() {
        None
    } else {
        let text = String::from_utf8(from)
            .map_err(|_| FileError::Malformed("a start that is not UTF-8".into()))?;
        Some(
            crate::notation::parse_position(variant, &text)
                .map_err(|e| FileError::Malformed(format!("its start {text:?}: {e}")))?,
        )
    };
    let mut layers = Vec::with_capacity(count as usize);
    let ranking = super::index::Ranking::largest(variant.pits(), total as usize);
    if count as usize > ranking.max_seeds() + 1 {
        return Err(FileError::Malformed(format!(
            "{count} layers, but boards of more than {} seeds are too large to number",
            ranking.max_seeds()
        )));
    }
    for s in 0..count as usize {
        let positions = 2 * ranking.layer_size(s);
        let reach = match r.u32()? {
            0 => None,
            1 => Some(Reach::new(read_words(
                &mut r,
                positions.div_ceil(64) as usize,
            )?)),
            k => {
                return Err(FileError::Malformed(format!(
                    "layer {s} is of kind {k}, neither 0 nor 1"
                )));
            }
        };
        let min = r.u32()? as i32;
        let bits = r.u32()?;
        let len = r.u64()?;
        if len > positions || bits > 32 {
            return Err(FileError::Malformed(format!(
                "layer {s} says {len} values of {bits} bits"
            )));
        }
        let words = read_words(&mut r, (len * u64::from(bits)).div_ceil(64) as usize)?;
        let values = Packed::from_parts(min, bits, len, words).map_err(FileError::Malformed)?;
        layers.push(
            Layer::new(values, reach, positions)
                .map_err(|e| FileError::Malformed(format!("layer {s}: {e}")))?,
        );
    }
    let crc = r.hasher.clone().finalize();
    let mut stored = [0u8; 4];
    r.inner.read_exact(&mut stored)?;
    if u32::from_le_bytes(stored) != crc {
        return Err(FileError::Checksum);
    }
    if r.inner.read(&mut [0u8; 1])? != 0 {
        return Err(FileError::Malformed("bytes after the checksum".into()));
    }
    Database::from_layers(variant, layers, from).map_err(FileError::Malformed)
}

/// Writes `words` little-endian.
fn write_words(w: &mut impl Write, words: &[u64]) -> io::Result<()> {
    for word in words {
        w.write_all(&word.to_le_bytes())?;
    }
    Ok(())
}

/// Reads `n` little-endian words.
fn read_words(r: &mut impl Read, n: usize) -> Result<Vec<u64>, FileError> {
    let mut bytes = vec![0u8; 8 * n];
    r.read_exact(&mut bytes)?;
    Ok(bytes
        .chunks_exact(8)
        .map(|b| u64::from_le_bytes(b.try_into().expect("8 bytes")))
        .collect())
}

/// A reader or writer that keeps the CRC-32 of the bytes through it.
struct Hashing<T> {
    inner: T,
    hasher: crc32fast::Hasher,
}

impl<T> Hashing<T> {
    fn new(inner: T) -> Hashing<T> {
        Hashing {
            inner,
            hasher: crc32fast::Hasher::new(),
        }
    }
}

impl<R: Read> Hashing<R> {
    fn u32(&mut self) -> io::Result<u32> {
        let mut b = [0u8; 4];
        self.read_exact(&mut b)?;
        Ok(u32::from_le_bytes(b))
    }

    fn u64(&mut self) -> io::Result<u64> {
        let mut b = [0u8; 8];
        self.read_exact(&mut b)?;
        Ok(u64::from_le_bytes(b))
    }
}

impl<R: Read> Read for Hashing<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.hasher.update(&buf[..n]);
        Ok(n)
    }
}

impl<W: Write> Write for Hashing<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.hasher.update(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Position;

    fn tiny() -> Arc<Variant> {
        crate::solve::small::kalah(2, 2, "")
    }

    fn dir() -> PathBuf {
        let d = std::env::temp_dir().join(format!("ayla-db-test-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn a_database_round_trips_and_damage_is_refused() {
        let v = tiny();
        let db = Database::build(&v, 8).unwrap();
        let path = dir().join(file_name(&v));
        save(&db, &path).unwrap();
        let back = load(&v, &path).unwrap();
        assert_eq!(back.layers(), db.layers());
        assert_eq!(
            back.probe(&Position::initial(&v)),
            db.probe(&Position::initial(&v))
        );
        let bytes = std::fs::read(&path).unwrap();
        // Every single flipped bit after the magic is caught.
        for at in [8, 20, 40, bytes.len() / 2, bytes.len() - 5, bytes.len() - 1] {
            let mut bad = bytes.clone();
            bad[at] ^= 0x10;
            std::fs::write(&path, &bad).unwrap();
            assert!(load(&v, &path).is_err(), "a flip at byte {at} was read");
        }
        // Cut short, and padded.
        std::fs::write(&path, &bytes[..bytes.len() - 3]).unwrap();
        assert!(matches!(load(&v, &path), Err(FileError::Malformed(_))));
        let mut long = bytes.clone();
        long.push(0);
        std::fs::write(&path, &long).unwrap();
        assert!(matches!(load(&v, &path), Err(FileError::Malformed(_))));
        // Another version, and not a database at all.
        let mut other = bytes.clone();
        other[8] = 2;
        std::fs::write(&path, &other).unwrap();
        assert!(matches!(load(&v, &path), Err(FileError::Version(2))));
        std::fs::write(&path, b"hello").unwrap();
        assert!(matches!(load(&v, &path), Err(FileError::Malformed(_))));
        std::fs::write(&path, b"hello, this is not a database").unwrap();
        assert!(matches!(load(&v, &path), Err(FileError::NotADatabase)));
        // The database of other rules.
        std::fs::write(&path, &bytes).unwrap();
        let w = crate::solve::small::kalah(
            2,
            2,
            "[opposite_capture]\nwhen_opposite_empty = \"nothing\"\n",
        );
        assert!(matches!(load(&w, &path), Err(FileError::OtherRules(..))));
        std::fs::remove_file(&path).unwrap();
    }
}
