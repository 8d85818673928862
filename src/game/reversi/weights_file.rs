//! The pattern weights' compact file: the magic `NPW1`, the number of weights (u32, little
//! endian), then the weights in order, each as a LEB128 varint of its zigzag code; a zero is
//! followed by a varint count of the further zeros after it (most patterns' configurations
//! never occur in training, so runs of zeros are long).

use thiserror::Error;

const MAGIC: &[u8; 4] = b"NPW1";

#[derive(Debug, Error, PartialEq, Eq)]
pub enum WeightsFileError {
    #[error("not a pattern weights file (no NPW1 header)")]
    Magic,
    #[error("it holds {found} weights, expected {expected}")]
    Count { found: usize, expected: usize },
    #[error("it ends inside a weight, after {0} weights")]
    Truncated(usize),
    #[error("weight {0} does not fit in 16 bits")]
    Range(usize),
}

fn put_varint(out: &mut Vec<u8>, mut v: u32) {
    while v >= 0x80 {
        out.push(v as u8 | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

fn zigzag(v: i16) -> u32 {
    ((v as i32) << 1 ^ ((v as i32) >> 31)) as u32
}

/// The file's bytes for `weights`.
pub fn encode(weights: &[i16]) -> Vec<u8> {
    let mut out = MAGIC.to_vec();
    out.extend_from_slice(&(weights.len() as u32).to_le_bytes());
    let mut i = 0;
    while i < weights.len() {
        put_varint(&mut out, zigzag(weights[i]));
        if weights[i] == 0 {
            let run = weights[i + 1..].iter().take_while(|&&w| w == 0).count();
            put_varint(&mut out, run as u32);
            i += run;
        }
        i += 1;
    }
    out
}

/// The varints of a file's body, read in turn.
struct Varints<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Varints<'_> {
    /// The next varint; `read` (the weights read so far) names where it fails.
    #[inline(always)]
    fn next(&mut self, read: usize) -> Result<u32, WeightsFileError> {
        match self.bytes.get(self.at) {
            Some(&byte) if byte < 0x80 => {
                self.at += 1;
                Ok(byte as u32)
            }
            _ => self.next_long(read),
        }
    }

    /// A varint of more than one byte (or none left).
    fn next_long(&mut self, read: usize) -> Result<u32, WeightsFileError> {
        let (mut v, mut shift) = (0u32, 0);
        loop {
            let byte = *self
                .bytes
                .get(self.at)
                .ok_or(WeightsFileError::Truncated(read))?;
            self.at += 1;
            if shift > 28 {
                return Err(WeightsFileError::Range(read));
            }
            v |= ((byte & 0x7F) as u32) << shift;
            if byte < 0x80 {
                return Ok(v);
            }
            shift += 7;
        }
    }
}

/// The weights of a file's `bytes`, which must hold `expected` of them.
pub fn decode(bytes: &[u8], expected: usize) -> Result<Vec<i16>, WeightsFileError> {
    if bytes.len() < 8 || &bytes[..4] != MAGIC {
        return Err(WeightsFileError::Magic);
    }
    let found = u32::from_le_bytes(bytes[4..8].try_into().unwrap()) as usize;
    if found != expected {
        return Err(WeightsFileError::Count { found, expected });
    }
    let mut weights = vec![0i16; found];
    let mut varints = Varints { bytes, at: 8 };
    let mut read = 0;
    while read < found {
        let code = varints.next(read)?;
        let value = (code >> 1) as i32 ^ -((code & 1) as i32);
        weights[read] = i16::try_from(value).map_err(|_| WeightsFileError::Range(read))?;
        read += 1;
        if value == 0 {
            // A run of zeros: the vector holds them already.
            let run = varints.next(read)? as usize;
            if read + run > found {
                return Err(WeightsFileError::Count {
                    found: read + run,
                    expected: found,
                });
            }
            read += run;
        }
    }
    Ok(weights)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_round_trip_and_bad_files_are_refused() {
        let weights: Vec<i16> = vec![0, 0, 0, 5, -7, i16::MAX, i16::MIN, 0, 1, 0, 0];
        let bytes = encode(&weights);
        assert_eq!(decode(&bytes, weights.len()).unwrap(), weights);
        assert!(bytes.len() < 8 + 2 * weights.len());
        assert_eq!(decode(b"XXXX\0\0\0\0", 0), Err(WeightsFileError::Magic));
        assert_eq!(
            decode(&bytes, 12),
            Err(WeightsFileError::Count {
                found: 11,
                expected: 12
            })
        );
        assert!(matches!(
            decode(&bytes[..bytes.len() - 2], weights.len()),
            Err(WeightsFileError::Truncated(_))
        ));
    }
}
