//! State acceleration: states that loop on a set of bytes skip over runs of those bytes with a
//! table test instead of one transition per byte.
//!
//! A path, a query or a host name is mostly one state looping on a large byte set. Walking it
//! transition by transition makes every byte wait for the previous table load; testing membership
//! in the state's loop set instead has no such dependency and can test eight bytes at a time. The
//! emitters number accelerable states first (ids `1..=count`), so one comparison tells the loop
//! whether to try skipping, and store each distinct loop set as one bit of a 256-entry table.

/// The most distinct loop sets: one bit each in a `u64` table.
const MAX_SETS: usize = 64;

/// The acceleration plan for an automaton.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Accel {
    /// `new_id[old]`: the state numbering with accelerable states first (the dead state stays 0).
    pub new_id: Vec<u32>,
    /// How many states are accelerable: new ids `1..=count`.
    pub count: usize,
    /// The loop-set bit of each accelerable state, by new id (index 0 unused).
    pub masks: Vec<u64>,
    /// For each byte, the loop sets it belongs to.
    pub table: [u64; 256],
    /// How many distinct loop sets there are (the table's width in bits).
    pub sets: usize,
    /// How training inputs used each loop set (see [`Accel::trained`]); `None` when the plan had
    /// no training inputs.
    pub usage: Option<Vec<SetUsage>>,
    /// The escape whose runs some loop sets go on over (see [`Accel::with_escape`]); `None`
    /// until that is called, or when no loop set has one.
    pub escape: Option<super::escape::Escape>,
}

/// How training inputs used one loop set (see [`Accel::trained`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SetUsage {
    /// Bytes of the set read in a state that loops on it: the bytes its runs skip.
    pub bytes: u64,
    /// Runs: stretches of such bytes read one after the other by one state.
    pub runs: u64,
}

impl Accel {
    /// Plans acceleration for `states` states, where `loop_bytes(s)` lists the bytes on which state
    /// `s` goes back to itself with nothing else to do. The dead state 0 is never accelerated.
    pub fn plan(states: usize, loop_bytes: impl Fn(u32) -> Vec<u8>) -> Accel {
        let mut sets: Vec<Vec<u8>> = Vec::new();
        let mut accelerated: Vec<(u32, usize)> = Vec::new();
        for s in 1..states as u32 {
            let bytes = loop_bytes(s);
            if bytes.is_empty() {
                continue;
            }
            let index = match sets.iter().position(|set| *set == bytes) {
                Some(i) => i,
                None if sets.len() < MAX_SETS => {
                    sets.push(bytes);
                    sets.len() - 1
                }
                None => continue,
            };
            accelerated.push((s, index));
        }
        let mut new_id = vec![u32::MAX; states];
        new_id[0] = 0;
        let mut masks = vec![0u64];
        for (n, &(s, set)) in accelerated.iter().enumerate() {
            new_id[s as usize] = n as u32 + 1;
            masks.push(1 << set);
        }
        let mut next = accelerated.len() as u32 + 1;
        for id in new_id.iter_mut().skip(1) {
            if *id == u32::MAX {
                *id = next;
                next += 1;
            }
        }
        let mut table = [0u64; 256];
        for (i, set) in sets.iter().enumerate() {
            for &b in set {
                table[b as usize] |= 1 << i;
            }
        }
        Accel { new_id, count: accelerated.len(), masks, table, sets: sets.len(), usage: None, escape: None }
    }

    /// The plan with the usage of its loop sets on training inputs: each of `walks` gives, for
    /// each byte of one training input that the automaton read, the state that read it (an old
    /// id, as [`Accel::plan`] numbered them) and the byte. A byte counts for a loop set when it
    /// is in the loop set of the state that read it: it is a byte that state's runs skip. The
    /// AVX2 plan then classifies the sets real inputs spend long runs in (see [`Accel::avx2`]).
    ///
    /// # Panics
    ///
    /// When a state is not below the `states` the plan was made for.
    pub fn trained<W: IntoIterator<Item = (u32, u8)>>(mut self, walks: impl IntoIterator<Item = W>) -> Accel {
        let mut usage = vec![SetUsage::default(); self.sets];
        for walk in walks {
            // The state whose run the previous byte was in, if it was in one.
            let mut in_run = None;
            for (state, byte) in walk {
                let n = self.new_id[state as usize] as usize;
                if (1..=self.count).contains(&n) && self.table[usize::from(byte)] & self.masks[n] != 0 {
                    let set = &mut usage[self.masks[n].trailing_zeros() as usize];
                    set.bytes += 1;
                    set.runs += u64::from(in_run != Some(state));
                    in_run = Some(state);
                } else {
                    in_run = None;
                }
            }
        }
        self.usage = Some(usage);
        self
    }

    /// The smallest unsigned width (8, 16, 32 or 64 bits) that holds every loop-set bit.
    pub fn width(&self) -> u32 {
        match self.sets {
            0..=8 => 8,
            9..=16 => 16,
            17..=32 => 32,
            _ => 64,
        }
    }

    /// Bytes of the acceleration tables emitted for an automaton of `stride` columns: `LOOP` (one
    /// entry per byte) and `ACCEL` ([`Accel::index_len`] entries), each entry
    /// [`Accel::width`] bits wide, and with `vector` the AVX2 walk's (`SET_OF` and the nibble
    /// tables), when its plan classifies some set.
    pub fn table_bytes(&self, stride: usize, vector: bool) -> usize {
        let avx2 = self.avx2(stride).filter(|plan| vector && plan.sets > 0);
        (256 + self.index_len(stride)) * (self.width() as usize / 8)
            + avx2.map_or(0, |plan| plan.table_bytes())
    }

    /// How far the emitted loops shift a premultiplied state right to index the tables of
    /// accelerated states (`ACCEL`, `SET_OF`): `floor(log2(stride))`. Accelerated states are
    /// the premultiplied ids `stride, 2 * stride, ...`, which stay distinct shifted that far, so
    /// the index needs no division.
    pub fn shift(stride: usize) -> u32 {
        usize::BITS - 1 - stride.leading_zeros()
    }

    /// How many entries a table indexed by `state >> Accel::shift(stride)` has: one for every
    /// premultiplied state below `ACCEL_END` (`(count + 1) * stride`), not only the accelerated
    /// ones, so that the loops' `state < ACCEL_END` test proves the index in bounds and the
    /// compiler drops its check.
    pub fn index_len(&self, stride: usize) -> usize {
        (((self.count + 1) * stride - 1) >> Accel::shift(stride)) + 1
    }

    /// A table indexed by `state >> Accel::shift(stride)` ([`Accel::index_len`] entries): `of(n)`
    /// for accelerated state `n` (premultiplied id `n * stride`), `unused` elsewhere (the dead
    /// state's entry among them).
    pub fn shifted_table<T: Clone>(&self, stride: usize, unused: T, of: impl Fn(usize) -> T) -> Vec<T> {
        let shift = Accel::shift(stride);
        let mut table = vec![unused; self.index_len(stride)];
        for n in 1..=self.count {
            table[(n * stride) >> shift] = of(n);
        }
        table
    }

    /// The AVX2 form of the plan for an automaton of `stride` columns, or `None` when there is
    /// no loop set: at most [`AVX2_SETS`] classified sets, since each costs the AVX2 walk four
    /// instructions per 32 bytes. The states of the other sets skip their runs by table tests in
    /// the AVX2 walk (see [`Accel::avx2_codes`]).
    ///
    /// The largest set comes first: a run of it is typically the longest of an input (the query
    /// or path that takes most of a URL), and any subset of it would end that run at each byte
    /// it lacks. The others are chosen greedily to cover as many bytes of the large loop sets as
    /// possible: each step adds the set that most grows the sum, over every loop set at least
    /// half as large as the largest, of its largest classified subset (ties: the larger set, then
    /// the lower index). Small sets (digits, hexadecimal digits) count for nothing there: their
    /// runs are numbers, short next to paths, queries and host names. In RFC 3986, where the
    /// character sets nest (scheme characters inside `reg-name`, inside `pchar`, inside the
    /// query's), this picks the sets of the scheme, the host, the path and the query.
    ///
    /// A set with bytes from 0x80 on is never chosen: nibble tables cannot hold those bytes, so
    /// its states would skip their runs by table tests anyway (see [`Accel::avx2_codes`]).
    ///
    /// A trained plan ([`Accel::trained`]) chooses from what its training inputs did instead: the
    /// sets that skipped the most of their bytes, each at least [`AVX2_MIN_SHARE`] of the bytes
    /// all loop sets skipped, in runs of [`AVX2_MIN_RUN`] bytes or more on average. Training
    /// that read no byte of any loop set, or in which no set passes, leaves the untrained
    /// choice (an AVX2 walk that classifies no set would only slow the table walk down, and its
    /// emitted classification would be empty). Which states real inputs
    /// spend their bytes in is a fact about the inputs, not the grammar: the fourth set that the
    /// grammar alone suggests for RFC 3986's recognizer (`pchar`, 79 bytes) loops in a state that
    /// none of the training URLs reaches.
    pub fn avx2(&self, stride: usize) -> Option<SimdPlan> {
        if self.sets == 0 {
            return None;
        }
        let ascii = |set: &usize| self.table[0x80..].iter().all(|&sets| sets >> set & 1 == 0);
        if let Some(usage) = self.usage.as_ref().filter(|usage| usage.iter().any(|u| u.bytes > 0)) {
            let total: u64 = usage.iter().map(|u| u.bytes).sum();
            let pays = |u: &SetUsage| u.bytes * AVX2_MIN_SHARE >= total && u.bytes >= AVX2_MIN_RUN * u.runs;
            let mut chosen: Vec<usize> =
                (0..self.sets).filter(|set| ascii(set) && pays(&usage[*set])).collect();
            chosen.sort_by_key(|&set| (std::cmp::Reverse(usage[set].bytes), set));
            chosen.truncate(AVX2_SETS);
            if !chosen.is_empty() {
                return Some(self.simd_plan(stride, chosen));
            }
        }
        let largest = (0..self.sets).map(|set| self.set_size(set)).max().unwrap_or(0);
        let large: Vec<usize> = (0..self.sets).filter(|&set| 2 * self.set_size(set) >= largest).collect();
        // The largest chosen subset of `set`, in bytes (0 when there is none).
        let covered = |chosen: &[usize], set: usize| {
            chosen.iter().filter(|&&c| self.is_subset(c, set)).map(|&c| self.set_size(c)).max().unwrap_or(0)
        };
        // The largest set first: its runs are the longest (a path or a query takes most of a URL).
        let first =
            (0..self.sets).filter(ascii).max_by_key(|&set| (self.set_size(set), std::cmp::Reverse(set)));
        let mut chosen: Vec<usize> = first.into_iter().collect();
        while chosen.len() < AVX2_SETS {
            let gain = |candidate: usize| {
                large
                    .iter()
                    .filter(|&&set| self.is_subset(candidate, set))
                    .map(|&set| self.set_size(candidate).saturating_sub(covered(&chosen, set)))
                    .sum::<usize>()
            };
            let best = (0..self.sets)
                .filter(|set| ascii(set) && !chosen.contains(set))
                .map(|set| (gain(set), self.set_size(set), std::cmp::Reverse(set)))
                .max()
                .filter(|&(gain, _, _)| gain > 0);
            let Some((_, _, std::cmp::Reverse(set))) = best else { break };
            chosen.push(set);
        }
        Some(self.simd_plan(stride, chosen))
    }

    /// Whether the AVX2 plan classifies some set. Without one (every loop set holds a byte from
    /// 0x80 on, which nibble tables cannot), a module has no AVX2 walk: it would only add a
    /// classification of nothing to the table walk, and AVX2 CPUs take the table walk instead.
    pub fn has_avx2_sets(&self) -> bool {
        self.avx2(1).is_some_and(|plan| plan.sets > 0)
    }

    /// The AVX2 walk's code for each entry of `plan`'s `set_of` (`plan` is [`Accel::avx2`]'s,
    /// same indexes): the state's mask `0..AVX2_SETS` where its loop set is classified (such a
    /// set has no byte from 0x80 on, which nibble tables cannot hold); else [`AVX2_SETS`] (the
    /// empty set, whose mask the AVX2 walk never writes) with bit 3, which sends the state's runs
    /// to table tests, as in the table walk. Entries of no accelerated state, the dead state's
    /// among them, are the empty set without bit 3: a walk there skips nothing.
    ///
    /// A classified set inside a state's loop set would also be exact for that state (its run
    /// would end early, at a byte whose transition leads back into the same state), but it ends
    /// the run at every byte it lacks: a userinfo or IPvFuture run full of `:`, read with the
    /// `reg-name` mask, cost a run per `:`.
    pub fn avx2_codes(&self, plan: &SimdPlan) -> Vec<u8> {
        let empty = AVX2_SETS as u8;
        let mut codes = vec![empty; plan.set_of.len()];
        for n in 1..=self.count {
            let at = (n * plan.stride) >> plan.shift;
            codes[at] = match plan.set_of[at] {
                bit if bit != AVX2_SETS as u8 => bit,
                _ => empty | 8,
            };
        }
        codes
    }

    /// How many bytes loop set `set` holds.
    fn set_size(&self, set: usize) -> usize {
        self.table.iter().filter(|&&sets| sets >> set & 1 != 0).count()
    }

    /// Whether every byte of loop set `inner` is in loop set `outer`.
    fn is_subset(&self, inner: usize, outer: usize) -> bool {
        self.table.iter().all(|&sets| sets >> inner & 1 == 0 || sets >> outer & 1 != 0)
    }

    /// The vector plan that classifies the loop sets `chosen`, membership bit `k` for the `k`-th
    /// in ascending order; the states of the other sets name the empty set [`AVX2_SETS`].
    fn simd_plan(&self, stride: usize, mut chosen: Vec<usize>) -> SimdPlan {
        chosen.sort_unstable();
        // `set_bit[s]`: the membership bit of loop set `s`, or the empty set for one left out.
        let mut set_bit = vec![AVX2_SETS as u8; self.sets];
        for (bit, &set) in chosen.iter().enumerate() {
            set_bit[set] = bit as u8;
        }
        let shift = Accel::shift(stride);
        // Unused entries, the dead state's among them, name the empty set, so that a walk in the
        // dead state skips nothing, as the table walk does.
        let set_of =
            self.shifted_table(stride, AVX2_SETS as u8, |n| set_bit[self.masks[n].trailing_zeros() as usize]);
        let mut members = [0u8; 256];
        for (b, member) in members.iter_mut().enumerate() {
            for (bit, &set) in chosen.iter().enumerate() {
                *member |= ((self.table[b] >> set & 1) as u8) << bit;
            }
        }
        SimdPlan { stride, shift, set_of, members, sets: chosen.len(), chosen }
    }

    /// Renumbers a dense table of `stride` columns (entries are old state ids) into the new order;
    /// entries are mapped through `new_id` as well.
    pub fn permute_table(&self, table: &[u32], stride: usize) -> Vec<u32> {
        let mut out = vec![0; table.len()];
        for (old, row) in table.chunks(stride).enumerate() {
            let new = self.new_id[old] as usize;
            for (c, &t) in row.iter().enumerate() {
                out[new * stride + c] = self.new_id[t as usize];
            }
        }
        out
    }

    /// Renumbers a per-state vector into the new order.
    pub fn permute_rows<T: Clone>(&self, rows: &[T], stride: usize) -> Vec<T> {
        let mut out = rows.to_vec();
        for (old, row) in rows.chunks(stride).enumerate() {
            let new = self.new_id[old] as usize;
            out[new * stride..(new + 1) * stride].clone_from_slice(row);
        }
        out
    }
}

/// The share of the skipped bytes of training inputs below which a trained AVX2 plan leaves a
/// loop set out, as a divisor: 1/24, about 4 %. Classifying a set costs the AVX2 walk about four
/// instructions per 32 input bytes, an eighth of an instruction per byte, on every input; a byte
/// skipped by table tests instead costs about three. With most of a URL's bytes in runs, a set
/// pays for itself from about a twenty-fourth of the bytes skipped.
pub const AVX2_MIN_SHARE: u64 = 24;

/// The average run length, in bytes, below which a trained AVX2 plan leaves a loop set out. A
/// mask finds where a run ends at the cost of a few dependent instructions, whatever its length;
/// table tests pay per byte, but a few bytes of them cost about as much, and they run while
/// the block is still being classified. Measured on RFC 3986 (AMD EPYC Zen 3): the scheme set,
/// whose runs average 5.9 bytes on the training URLs, cost `matches` 1 to 4 ns per URL when
/// classified and saved the parser nothing measurable; the host set (16.3) and the path and
/// query sets (25 to 35) save more than they cost.
pub const AVX2_MIN_RUN: u64 = 8;

/// The most loop sets the AVX2 walk classifies (see [`Accel::avx2`]). At most four: the walk's
/// codes ([`Accel::avx2_codes`]) name a mask in three bits, and the mask after the classified
/// ones is the empty set.
pub const AVX2_SETS: usize = 4;

/// The loop sets the AVX2 walk classifies, and for each byte value the sets it is in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SimdPlan {
    /// The automaton's columns: accelerated state `n` is premultiplied id `n * stride`.
    pub stride: usize,
    /// `set_of[state >> shift]` is the set of accelerated premultiplied state `state`; other
    /// entries (the dead state's, 0), and the states of sets left out, name the empty set
    /// [`AVX2_SETS`].
    pub shift: u32,
    /// The set of each accelerated state, by shifted premultiplied id.
    pub set_of: Vec<u8>,
    /// The membership byte of each byte value.
    pub members: [u8; 256],
    /// How many sets the membership bytes hold (bits `0..sets`).
    pub sets: usize,
    /// The loop set (its index in [`Accel::table`]) of each membership bit.
    pub chosen: Vec<usize>,
}

impl SimdPlan {
    /// One 16-byte nibble table per set: byte `b` is in set `k` when entry `b & 15` of
    /// `nibbles[k]` has bit `b >> 4`. Such a table cannot hold a byte from 0x80 on, which is why
    /// the AVX2 plan classifies only sets without one.
    pub fn nibbles(&self) -> Vec<[u8; 16]> {
        (0..self.sets)
            .map(|k| {
                let mut table = [0u8; 16];
                for (b, &member) in self.members[..0x80].iter().enumerate() {
                    if member >> k & 1 != 0 {
                        table[b & 15] |= 1 << (b >> 4);
                    }
                }
                table
            })
            .collect()
    }

    /// Bytes of the emitted tables: `SET_OF` and the nibble tables (16 bytes per set).
    pub fn table_bytes(&self) -> usize {
        self.set_of.len() + 16 * self.sets
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// States 1 and 3 loop on digits, state 2 on lower-case letters; state 4 does not loop.
    fn plan(high_byte: bool) -> Accel {
        Accel::plan(5, |s| match s {
            1 | 3 => (b'0'..=b'9').collect(),
            2 if high_byte => vec![b'a', 0xC3],
            2 => (b'a'..=b'z').collect(),
            _ => Vec::new(),
        })
    }

    /// A family of loop sets nested like RFC 3986's: scheme characters inside host characters,
    /// inside path characters, inside query characters, and beside them user characters, digits
    /// and hexadecimal digits.
    fn nested() -> Accel {
        let scheme: Vec<u8> = (b'a'..=b'z').chain(b'0'..=b'9').collect();
        let host: Vec<u8> = scheme.iter().copied().chain([b'-', b'.', b'~']).collect();
        let path: Vec<u8> = host.iter().copied().chain([b'/', b'@']).collect();
        let query: Vec<u8> = path.iter().copied().chain([b'?']).collect();
        let user: Vec<u8> = host.iter().copied().chain([b':']).collect();
        let digits: Vec<u8> = (b'0'..=b'9').collect();
        let hex: Vec<u8> = (b'0'..=b'9').chain(b'a'..=b'f').collect();
        let sets = [scheme, host, path, query, user, digits, hex];
        Accel::plan(8, |s| sets.get(s as usize - 1).cloned().unwrap_or_default())
    }

    #[test]
    fn the_avx2_plan_classifies_the_largest_set_then_the_sets_that_cover_most() {
        let accel = nested();
        assert_eq!((accel.count, accel.sets), (7, 7));
        let avx2 = accel.avx2(16).expect("there are loop sets");
        // Loop sets are numbered in state order: scheme 0, host 1, path 2, query 3, user 4,
        // digits 5, hex 6. The query set (the largest) comes first; the scheme set then covers
        // most of every large set, the host set adds three bytes to five of them, the path set
        // two to two of them.
        assert_eq!(avx2.chosen, vec![0, 1, 2, 3]);
        assert_eq!(avx2.sets, 4);
        let set_of = |n: usize| avx2.set_of[(n * 16) >> avx2.shift];
        // States 1 to 4 have their own sets classified; the user state, digits and hexadecimal
        // digits do not.
        let empty = AVX2_SETS as u8;
        assert_eq!((1..=7).map(set_of).collect::<Vec<_>>(), vec![0, 1, 2, 3, empty, empty, empty]);
        assert_eq!(set_of(0), empty);
        // The walk's codes: the states of no classified set read the empty mask 4 with bit 3,
        // which sends their runs to table tests; the dead state reads it without.
        let codes = accel.avx2_codes(&avx2);
        let code = |n: usize| codes[(n * 16) >> avx2.shift];
        assert_eq!((0..=7).map(code).collect::<Vec<_>>(), vec![4, 0, 1, 2, 3, 4 | 8, 4 | 8, 4 | 8]);
        assert_eq!(avx2.members[b'a' as usize], 0b1111);
        assert_eq!(avx2.members[b'-' as usize], 0b1110);
        assert_eq!(avx2.members[b'/' as usize], 0b1100);
        assert_eq!(avx2.members[b'?' as usize], 0b1000);
        assert_eq!(avx2.members[b':' as usize], 0);
    }

    #[test]
    fn a_small_set_outside_the_large_ones_is_not_classified_by_the_avx2_plan() {
        // State 1 loops on letters, state 2 on digits (under half as many bytes, inside no
        // larger set): only the letters are classified.
        let accel =
            Accel::plan(3, |s| if s == 1 { (b'a'..=b'z').collect() } else { (b'0'..=b'9').collect() });
        let avx2 = accel.avx2(4).expect("there are loop sets");
        assert_eq!(avx2.chosen, vec![0]);
        assert_eq!([1, 2].map(|n| avx2.set_of[(n * 4) >> avx2.shift]), [0, AVX2_SETS as u8]);
        assert_eq!(Accel::plan(3, |_| Vec::new()).avx2(23), None);
    }

    #[test]
    fn a_set_with_bytes_from_0x80_on_is_skipped_by_table_tests_in_the_avx2_walk() {
        // State 1 loops on letters, state 2 on letters and the UTF-8 lead byte 0xC3, the larger
        // set: a nibble table cannot hold 0xC3, so only the letters are classified and state 2's
        // runs take table tests.
        let accel = Accel::plan(3, |s| (b'a'..=b'z').chain((s == 2).then_some(0xC3)).collect());
        let avx2 = accel.avx2(4).expect("there are loop sets");
        assert_eq!(avx2.chosen, vec![0]);
        let codes = accel.avx2_codes(&avx2);
        let at = |n: usize| (n * 4) >> avx2.shift;
        assert_eq!((avx2.set_of[at(1)], codes[at(1)]), (0, 0));
        assert_eq!((avx2.set_of[at(2)], codes[at(2)]), (AVX2_SETS as u8, 4 | 8));
    }

    /// One training walk per item: `(state, byte, count)` reads `byte` `count` times in `state`.
    fn walks(items: &[&[(u32, u8, usize)]]) -> Vec<Vec<(u32, u8)>> {
        items.iter().map(|walk| walk.iter().flat_map(|&(s, b, n)| vec![(s, b); n]).collect()).collect()
    }

    #[test]
    fn a_trained_avx2_plan_classifies_the_sets_the_training_inputs_skip_most_in() {
        // Loop sets in state order: scheme 0, host 1, path 2, query 3, user 4, digits 5, hex 6.
        // The inputs read 1000 bytes in path states, 300 in host states, 40 in user states (3 %
        // of the 1,000 + 300 + 40 + 10 loop bytes, under a twenty-fourth: 56.25) and 10 in digit
        // states; the byte `?` does not loop in the path state.
        let trained = |user: usize| {
            let walk: &[(u32, u8, usize)] =
                &[(3, b'a', 1000), (3, b'?', 500), (2, b'b', 300), (5, b':', user), (6, b'7', 10)];
            nested().trained(walks(&[walk]))
        };
        let accel = trained(40);
        let usage = |bytes, runs| SetUsage { bytes, runs };
        assert_eq!(
            accel.usage,
            Some(vec![
                usage(0, 0),
                usage(300, 1),
                usage(1000, 1),
                usage(0, 0),
                usage(40, 1),
                usage(10, 1),
                usage(0, 0)
            ])
        );
        let avx2 = accel.avx2(16).expect("there are loop sets");
        // The path and host sets; the untrained plan classifies the scheme, host, path and query sets.
        assert_eq!(avx2.chosen, vec![1, 2]);
        assert_eq!(nested().avx2(16).expect("there are loop sets").chosen, vec![0, 1, 2, 3]);
        // With 17 bytes more in user states, the user set reaches a twenty-fourth.
        assert_eq!(trained(57).avx2(16).expect("there are loop sets").chosen, vec![1, 2, 4]);
        // At most four sets, those with the most bytes; training that reads no loop byte leaves
        // the untrained choice.
        let many: Vec<Vec<(u32, u8)>> = (1..=7).map(|s| vec![(s, b'7'); 100 * s as usize]).collect();
        assert_eq!(nested().trained(many).avx2(16).expect("there are loop sets").chosen, vec![3, 4, 5, 6]);
        let accel = nested().trained(walks(&[&[(3, b'?', 10)]]));
        assert_eq!(accel.avx2(16).expect("there are loop sets").chosen, vec![0, 1, 2, 3]);
        // So does training in which no set passes (every run shorter than eight bytes).
        let accel = nested().trained(walks(&[&[(3, b'a', 5), (3, b'?', 1), (3, b'a', 5)]]));
        assert_eq!(accel.avx2(16).expect("there are loop sets").chosen, vec![0, 1, 2, 3]);
        // A set with a byte from 0x80 on is never classified, however much it is used.
        let accel = plan(true).trained(walks(&[&[(2, b'a', 100), (1, b'5', 10)]]));
        assert_eq!(accel.avx2(4).expect("there are loop sets").chosen, vec![0]);
    }

    #[test]
    fn a_trained_avx2_plan_leaves_out_sets_of_short_runs() {
        // 400 host bytes in runs of 4 (each ended by a `:`, on which the host state does not
        // loop), 200 query bytes in runs of 8, one per walk, and 1000 path bytes in one run:
        // only the sets whose runs average eight bytes or more are classified.
        let short: Vec<(u32, u8)> =
            (0..100).flat_map(|_| [(2, b'b'); 4].into_iter().chain([(2, b':')])).collect();
        let long: Vec<Vec<(u32, u8)>> = (0..25).map(|_| vec![(4, b'a'); 8]).collect();
        let mut all = vec![short, vec![(3, b'a'); 1000]];
        all.extend(long);
        let accel = nested().trained(all);
        let usage = accel.usage.clone().expect("trained");
        assert_eq!((usage[1].bytes, usage[1].runs), (400, 100));
        assert_eq!((usage[3].bytes, usage[3].runs), (200, 25));
        assert_eq!((usage[2].bytes, usage[2].runs), (1000, 1));
        assert_eq!(accel.avx2(16).expect("there are loop sets").chosen, vec![2, 3]);
    }

    proptest::proptest! {
        /// Whatever the loop sets, the AVX2 plan classifies at most `AVX2_SETS` of them, and the
        /// set a state reads is inside its loop set (skipping its bytes never leaves the state).
        #[test]
        fn each_state_of_the_avx2_plan_reads_a_subset_of_its_loop_set(
            sets in proptest::collection::vec(
                proptest::collection::btree_set(proptest::prop_oneof![0u8..48, 0x80u8..0x84], 0..40),
                1..12,
            ),
            stride in 1usize..70,
            training in proptest::option::of(proptest::collection::vec((0u32..13, 0u8..0x84), 0..200)),
        ) {
            let mut accel = Accel::plan(sets.len() + 1, |s| sets[s as usize - 1].iter().copied().collect());
            if let Some(training) = training {
                let states = sets.len() as u32 + 1;
                accel = accel.trained([training.into_iter().map(|(s, b)| (s % states, b))]);
            }
            let Some(avx2) = accel.avx2(stride) else {
                proptest::prop_assert!(sets.iter().all(|set| set.is_empty()));
                return Ok(());
            };
            proptest::prop_assert!(avx2.sets <= AVX2_SETS && avx2.sets == avx2.chosen.len());
            proptest::prop_assert!(avx2.members[0x80..].iter().all(|&m| m == 0), "a chosen set has a byte from 0x80 on");
            let codes = accel.avx2_codes(&avx2);
            for n in 1..=accel.count {
                let bit = avx2.set_of[(n * stride) >> avx2.shift];
                let set = accel.masks[n].trailing_zeros() as usize;
                let code = codes[(n * stride) >> avx2.shift];
                // Without bit 3 the mask is the whole loop set (and nibble tables, which hold no
                // byte from 0x80 on, hold all of it), so the run ends where the mask says.
                let high = (0x80..256).any(|b| accel.table[b] >> set & 1 != 0);
                let exact = bit != AVX2_SETS as u8 && avx2.chosen[usize::from(bit)] == set && !high;
                proptest::prop_assert_eq!(code, if exact { bit } else { AVX2_SETS as u8 | 8 });
                if bit == AVX2_SETS as u8 {
                    continue;
                }
                proptest::prop_assert!(usize::from(bit) < avx2.sets);
                for b in 0..256 {
                    if avx2.members[b] >> bit & 1 != 0 {
                        proptest::prop_assert!(accel.table[b] >> set & 1 != 0, "state {n}, byte {b}");
                    }
                }
            }
        }
    }
}
