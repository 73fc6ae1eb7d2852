// The AVX2 walk, written only by `uri-gen generate --vector`. It reads the input in 64-byte
// blocks and computes, before the walk needs them, one bit mask per classified loop set of the
// bytes outside it; an accelerated state then finds where its run ends with a shift and a
// trailing-zero count instead of testing byte after byte, whose last test the branch predictor
// usually gets wrong. The transitions are the table walk's (`Dfa::step`, `Tdfa::step`): only
// the way a run's end is found differs, so both walks compute the same thing.
//
// It asks of the including crate: a `portable` feature in its `Cargo.toml` (`portable = []`),
// which leaves the table walk alone; a `std` feature (`std = []`, on by default), which lets
// `is_x86_feature_detected!` find the CPU's features at run time; and `unsafe` allowed in this
// module (the loads and the calls of the `target_feature` functions after CPU feature
// detection). Without `std` (a `no_std` crate), the AVX2 walk is compiled only where the target
// itself promises AVX2, BMI1, BMI2 and LZCNT (`-C target-feature` or `-C target-cpu`), and then
// always runs. On targets other than x86-64, or with `portable`, `avx2::run` and `avx2::walk`
// always answer `None`.

/// The AVX2 walk (x86-64 CPUs with AVX2, BMI1, BMI2 and LZCNT: Intel Haswell and later, AMD Zen
/// and later), chosen at run time by CPU feature detection, or at compile time where the target
/// has those features.
#[cfg(all(
    target_arch = "x86_64",
    not(feature = "portable"),
    any(
        feature = "std",
        all(
            target_feature = "avx2",
            target_feature = "bmi1",
            target_feature = "bmi2",
            target_feature = "lzcnt"
        )
    )
))]
#[allow(unsafe_code, dead_code)]
pub mod avx2 {
    use core::arch::x86_64::*;
    #[cfg(feature = "std")]
    use core::sync::atomic::{AtomicU8, Ordering};

    use super::{Accel, Cell, Dfa, RunEnds, RunOps, Tdfa};

    /// The loop sets the AVX2 walk classifies (at most four), and what each accelerated state
    /// reads.
    #[derive(Clone, Copy, Debug)]
    pub struct Plan {
        /// `set_of[state >> shift]` for each accelerated premultiplied state (the shift of the
        /// automaton's `Accel`): the mask it reads (`0..4`, or 4 for the empty set, whose runs
        /// end at once), with bit 3 set where the AVX2 walk does not classify the state's whole
        /// loop set, so that its runs are skipped by table tests instead.
        pub set_of: &'static [u8],
        /// One 16-byte nibble table per classified set: byte `b` (below 0x80) is in set `k` when
        /// entry `b & 15` of `nibbles[k]` has bit `b >> 4`.
        pub nibbles: &'static [[u8; 16]],
        /// The escape the runs of some classified sets go on over, in inputs of `ESCAPES_FROM`
        /// bytes or more.
        pub escape: Escape,
    }

    /// A lead byte and two digits after which every state of some classified sets is back where
    /// it was, with nothing done (RFC 3986's `%` and two hexadecimal digits): found on the
    /// automaton by the generator. The digits are in those sets, so that only the lead ends a
    /// run; the walk drops from their masks each lead that two digits follow in the block.
    #[derive(Clone, Copy, Debug)]
    pub struct Escape {
        /// The lead byte.
        pub lead: u8,
        /// The digits, as a nibble table (see `Plan::nibbles`).
        pub digits: [u8; 16],
        /// Bit `k`: the runs of classified set `k` go on over escapes (0: no escape).
        pub carried: u8,
    }

    /// The shortest input whose runs go on over escapes: those of 64 bytes or more, read in
    /// whole 64-byte windows. On a Zen 3, finding the escapes costs shorter inputs more than
    /// their few escapes cost (URL corpora of 45 and 58 bytes a line on average), and it pays
    /// on long ones with escapes in their paths and queries (the resolution bases).
    pub const ESCAPES_FROM: usize = 64;

    /// Whether this build has the AVX2 walk: the glue then keeps the table walk out of line.
    pub const ENABLED: bool = true;

    /// The shortest input the AVX2 walk takes; shorter ones take the table walk. Its fixed cost
    /// (reading and classifying a first block) is more than the table walk takes for a whole
    /// input under 16 bytes (on a Zen 3, `matches` on real URLs: 19.0 against 32.2 ns under 8
    /// bytes, 28.8 against 34.7 ns from 8 to 15). It also means that the two windows a block is
    /// read from, 16 bytes each at least, lie inside the input.
    pub const MIN_INPUT: usize = 16;

    /// Whether the target promises every feature the AVX2 walk is compiled with, so that no
    /// detection is needed (and none is possible without `std`).
    const PROMISED: bool = cfg!(all(
        target_feature = "avx2",
        target_feature = "bmi1",
        target_feature = "bmi2",
        target_feature = "lzcnt"
    ));

    /// Whether this CPU has every feature the AVX2 walk is compiled with.
    #[inline]
    pub fn available() -> bool {
        PROMISED || detected()
    }

    /// The features `run_avx2` and `walk_avx2` are compiled with, found once per process.
    #[cfg(feature = "std")]
    static FOUND: AtomicU8 = AtomicU8::new(UNKNOWN);
    #[cfg(feature = "std")]
    const UNKNOWN: u8 = 0;
    #[cfg(feature = "std")]
    const PRESENT: u8 = 1;
    #[cfg(feature = "std")]
    const ABSENT: u8 = 2;

    #[cfg(feature = "std")]
    #[inline]
    fn detected() -> bool {
        match FOUND.load(Ordering::Relaxed) {
            UNKNOWN => detect(),
            found => found == PRESENT,
        }
    }

    /// Without `std` this module exists only where the target promises the features.
    #[cfg(not(feature = "std"))]
    #[inline(always)]
    fn detected() -> bool {
        false
    }

    #[cfg(feature = "std")]
    #[cold]
    fn detect() -> bool {
        extern crate std;
        let present = std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("lzcnt");
        FOUND.store(if present { PRESENT } else { ABSENT }, Ordering::Relaxed);
        present
    }

    /// `Dfa::run` by the AVX2 walk, or `None` where the table walk is to run instead (a CPU
    /// without the features, an input under `MIN_INPUT` bytes).
    #[inline(always)]
    pub fn run<T: Cell, L: Cell>(
        dfa: &Dfa<T, L>,
        plan: &Plan,
        start: (usize, usize),
        input: &[u8],
    ) -> Option<(usize, usize)> {
        if input.len() < MIN_INPUT || !available() {
            return None;
        }
        // SAFETY: `available` found every feature `run_avx2` is compiled with.
        Some(unsafe { run_avx2(dfa, plan, start, input) })
    }

    /// `Tdfa::walk` by the AVX2 walk, or `None` where the table walk is to run instead.
    #[inline(always)]
    pub fn walk<T: Cell, O: Cell, L: Cell, R, P: RunOps<R>>(
        tdfa: &Tdfa<T, O, L>,
        plan: &Plan,
        start: usize,
        input: &[u8],
        regs: &mut R,
    ) -> Option<Result<usize, usize>> {
        if input.len() < MIN_INPUT || !available() {
            return None;
        }
        // SAFETY: `available` found every feature `walk_avx2` is compiled with.
        Some(unsafe { walk_avx2::<T, O, L, R, P>(tdfa, plan, start, input, regs) })
    }

    /// The masks of the 64-byte block of the last classified run (or the first block), which a
    /// run starting in a later block replaces.
    ///
    /// Its methods use AVX2 instructions without being compiled for them: they are
    /// `#[inline(always)]` and called only from `run_avx2` and `walk_avx2`, which are, so that the
    /// classification and the run ends are compiled into the walk itself (a `target_feature`
    /// function can be inlined only by the compiler's choice, and it left the classification
    /// out of line, a call per block). Making one is `unsafe` (`new`): a `Blocks` exists only
    /// where the CPU has the walk's features, which is what makes its other methods safe.
    struct Blocks<'a> {
        input: &'a [u8],
        plan: &'a Plan,
        /// The block's first index (a multiple of 64).
        base: usize,
        /// Bit `j` of word `k`: byte `base + j` is outside classified set `k`, or past the end.
        /// Word 4 is the empty set's: every bit set.
        masks: [u64; 5],
    }

    impl<'a> Blocks<'a> {
        /// The walk at the start of `input` (at least `MIN_INPUT` bytes long).
        ///
        /// # Safety
        ///
        /// The CPU has AVX2, BMI1, BMI2 and LZCNT.
        #[inline(always)]
        unsafe fn new(input: &'a [u8], plan: &'a Plan) -> Blocks<'a> {
            let mut blocks = Blocks { input, plan, base: 0, masks: [u64::MAX; 5] };
            blocks.classify();
            blocks
        }

        /// Moves to the block that starts at `base` (a multiple of 64 inside the input) and
        /// classifies it.
        #[inline(always)]
        fn enter(&mut self, base: usize) {
            self.base = base;
            self.classify();
        }

        /// Computes the masks of the block at `base` (below the input's length, which is at
        /// least `MIN_INPUT`). Every load is a whole vector inside the input: a block inside it
        /// is two 32-byte loads; a block the input ends inside is read from the input's last 64
        /// bytes and its masks moved down to the block's start; an input of 32 to 63 bytes from
        /// its first and last 32 (the second mask moved up), one of 16 to 31 from its first and
        /// last 16 in one vector. Copying a short block into an array instead stalls on store
        /// forwarding.
        #[inline(always)]
        fn classify(&mut self) {
            debug_assert!(self.base < self.input.len() && self.input.len() >= MIN_INPUT);
            // SAFETY: `self` exists, so the CPU has the features the intrinsics need (`new`); the
            // loads read whole arrays (bounds-checked slices of 16 or 32 bytes), with no alignment
            // requirement.
            unsafe {
                let (input, base) = (self.input, self.base);
                let n = input.len();
                let load32 = |at: usize| {
                    let window: &[u8; 32] =
                        input[at..].first_chunk().expect("the window lies inside the input");
                    _mm256_loadu_si256(window.as_ptr().cast())
                };
                let load16 = |at: usize| {
                    let window: &[u8; 16] =
                        input[at..].first_chunk().expect("the window lies inside the input");
                    _mm_loadu_si128(window.as_ptr().cast())
                };
                // The two windows, and how the second's mask joins the first's.
                let (vectors, windows) = if n >= 64 {
                    let from = base.min(n - 64);
                    ((load32(from), load32(from + 32)), Windows::Block(base - from))
                } else if n >= 32 {
                    ((load32(0), load32(n - 32)), Windows::Short(n - 32))
                } else {
                    let both = _mm256_set_m128i(load16(n - 16), load16(0));
                    ((both, both), Windows::Tiny(n - 16))
                };
                // Bits from the input's end on.
                let past_end = !_bzhi_u64(u64::MAX, (n - base).min(64) as u32);
                let nibble = _mm256_set1_epi8(15);
                let low = (_mm256_and_si256(vectors.0, nibble), _mm256_and_si256(vectors.1, nibble));
                // Bit `h` for high nibble `h` below 8; zero from 0x80 on.
                let bits = _mm256_set_epi64x(
                    0,
                    0x8040_2010_0804_0201_u64 as i64,
                    0,
                    0x8040_2010_0804_0201_u64 as i64,
                );
                let high_of = |vector| {
                    _mm256_shuffle_epi8(bits, _mm256_and_si256(_mm256_srli_epi16::<4>(vector), nibble))
                };
                let high = (high_of(vectors.0), high_of(vectors.1));
                let zero = _mm256_setzero_si256();
                // The 32-bit mask of a vector's bytes whose table entry lacks their high-nibble bit.
                let outside = |entries, high| {
                    u64::from(
                        _mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_and_si256(entries, high), zero)) as u32
                    )
                };
                for (mask, nibbles) in self.masks.iter_mut().zip(self.plan.nibbles) {
                    let table = _mm256_broadcastsi128_si256(_mm_loadu_si128(nibbles.as_ptr().cast()));
                    let first = outside(_mm256_shuffle_epi8(table, low.0), high.0);
                    let second = || outside(_mm256_shuffle_epi8(table, low.1), high.1);
                    *mask = past_end
                        | match windows {
                            Windows::Block(down) => (first | second() << 32) >> down,
                            Windows::Short(up) => first | second() << up,
                            Windows::Tiny(up) => (first & 0xffff) | (first >> 16) << up,
                        };
                }
                // In a whole window (`ESCAPES_FROM`), the masks of the sets that carry escapes
                // lose each lead that two digits follow inside the window. One cut by the
                // window's end is left to the table transitions; the digits after a lead of the
                // previous window are in the sets. The masks above do not wait for this: the
                // digits are classified only in a window with a lead, which most are not.
                let escape = &self.plan.escape;
                if let Windows::Block(down) = windows {
                    if escape.carried != 0 && n >= ESCAPES_FROM {
                        let lead = _mm256_set1_epi8(escape.lead as i8);
                        let leads =
                            |vector| u64::from(_mm256_movemask_epi8(_mm256_cmpeq_epi8(vector, lead)) as u32);
                        let leads = leads(vectors.0) | leads(vectors.1) << 32;
                        if leads != 0 {
                            let table =
                                _mm256_broadcastsi128_si256(_mm_loadu_si128(escape.digits.as_ptr().cast()));
                            let digits = !(outside(_mm256_shuffle_epi8(table, low.0), high.0)
                                | outside(_mm256_shuffle_epi8(table, low.1), high.1) << 32);
                            let escapes = (leads & digits >> 1 & digits >> 2) >> down;
                            for (k, mask) in self.masks.iter_mut().take(self.plan.nibbles.len()).enumerate() {
                                if escape.carried >> k & 1 != 0 {
                                    *mask &= !escapes;
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    impl RunEnds for Blocks<'_> {
        /// Where the run of accelerated state `state` that starts at `i` ends: the first index at
        /// or after `i` whose byte leaves it, or the input's length.
        #[inline(always)]
        fn end<L: Cell>(&mut self, accel: &Accel<L>, state: usize, mut i: usize) -> usize {
            let code = self.plan.set_of[state >> accel.shift];
            if code & 8 != 0 {
                return accel.skip(accel.mask(state), self.input, i);
            }
            // Transitions and table-tested runs may have left the block the masks describe:
            // classify the one that holds `i` before reading them.
            if i >= self.base + 64 {
                self.enter(i / 64 * 64);
            }
            let set = (code & 7) as usize;
            loop {
                let end = i + (self.masks[set] >> (i - self.base)).trailing_zeros() as usize;
                if end < self.base + 64 {
                    return end;
                }
                i = self.base + 64;
                if i >= self.input.len() {
                    return i;
                }
                self.enter(i);
            }
        }
    }

    /// How `Blocks::classify` read a block: `Block(down)`, 64 bytes from `base - down` (the
    /// input's last 64 when the block runs past its end); `Short(up)`, the first and the last 32
    /// bytes of an input of 32 to 63 (the second mask moved `up`); `Tiny(up)`, the first and the
    /// last 16 bytes of a shorter input, in one vector.
    #[derive(Clone, Copy)]
    enum Windows {
        Block(usize),
        Short(usize),
        Tiny(usize),
    }

    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt")]
    fn run_avx2<T: Cell, L: Cell>(
        dfa: &Dfa<T, L>,
        plan: &Plan,
        start: (usize, usize),
        input: &[u8],
    ) -> (usize, usize) {
        // SAFETY: this function is called only where the CPU has the features it is compiled
        // with (`run`).
        let blocks = unsafe { Blocks::new(input, plan) };
        dfa.run_with(start, input, blocks)
    }

    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt")]
    fn walk_avx2<T: Cell, O: Cell, L: Cell, R, P: RunOps<R>>(
        tdfa: &Tdfa<T, O, L>,
        plan: &Plan,
        start: usize,
        input: &[u8],
        regs: &mut R,
    ) -> Result<usize, usize> {
        // SAFETY: this function is called only where the CPU has the features it is compiled
        // with (`walk`).
        let blocks = unsafe { Blocks::new(input, plan) };
        tdfa.walk_with::<R, P>(start, input, regs, blocks)
    }
}

/// Without the AVX2 walk (other targets, the `portable` feature, or no `std` on a target that does
/// not promise AVX2): the table walk always runs.
#[cfg(not(all(
    target_arch = "x86_64",
    not(feature = "portable"),
    any(
        feature = "std",
        all(
            target_feature = "avx2",
            target_feature = "bmi1",
            target_feature = "bmi2",
            target_feature = "lzcnt"
        )
    )
)))]
#[allow(dead_code)]
pub mod avx2 {
    use super::{Cell, Dfa, RunOps, Tdfa};

    /// The AVX2 walk's plan, unused here: it exists so that the same glue compiles.
    #[derive(Clone, Copy, Debug)]
    #[allow(dead_code)]
    pub struct Plan {
        /// See the x86-64 `Plan`.
        pub set_of: &'static [u8],
        /// See the x86-64 `Plan`.
        pub nibbles: &'static [[u8; 16]],
        /// See the x86-64 `Plan`.
        pub escape: Escape,
    }

    /// The AVX2 walk's escape, unused here.
    #[derive(Clone, Copy, Debug)]
    #[allow(dead_code)]
    pub struct Escape {
        /// See the x86-64 `Escape`.
        pub lead: u8,
        /// See the x86-64 `Escape`.
        pub digits: [u8; 16],
        /// See the x86-64 `Escape`.
        pub carried: u8,
    }

    /// Whether this build has the AVX2 walk: it does not.
    pub const ENABLED: bool = false;

    /// Always `None`: the table walk runs.
    #[inline(always)]
    pub fn run<T: Cell, L: Cell>(
        _: &Dfa<T, L>,
        _: &Plan,
        _: (usize, usize),
        _: &[u8],
    ) -> Option<(usize, usize)> {
        None
    }

    /// Always `None`: the table walk runs.
    #[inline(always)]
    pub fn walk<T: Cell, O: Cell, L: Cell, R, P: RunOps<R>>(
        _: &Tdfa<T, O, L>,
        _: &Plan,
        _: usize,
        _: &[u8],
        _: &mut R,
    ) -> Option<Result<usize, usize>> {
        None
    }
}
