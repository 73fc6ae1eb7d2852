// The Earley engine of modules with recursive rules, written by `uri-gen` after the table walks
// when a crate holds such a module (`uri_gen::emit::RuntimeParts::earley`). `uri-gen` compiles
// this same file as `uri_gen::runtime::earley` and runs it for `uri-gen match` and its tests, so
// the library and every generated module run one engine. It needs `alloc` (item sets grow with
// the input) and declares it itself, so the including crate declares nothing; it has no `unsafe`.
//
// A generated module holds the tables (`Regular` for its regular rules, `Network` for the
// others, both in one `Recognizer`) and one `Entry` per rule; everything that walks them is here.
//
// An item is a machine state, the input position where its machine was called (its *origin*)
// and the nesting depth of that call. Item sets are built left to right, one per input position
// (Earley 1970, on machines instead of dotted rules as for regular right part grammars):
//
// - *scan*: an item whose state has an edge on the next byte moves to the next set;
// - *complete*: an item in an accepting state ends its call: the items that made the call (kept
//   per position, by callee) move over their call edge into the current set;
// - *predict*: a call edge calls the callee at the current position, once per callee and position.
//
// Empty matches are completed when they are predicted (Aycock and Horspool, "Practical Earley
// Parsing", 2002): a call of a machine that matches the empty string also moves the caller over
// the call at once. Items are sets, so ambiguity costs nothing beyond the number of distinct items.
//
// Depth: the start rule is called at depth 1 and a call is one deeper than its caller. A call
// is predicted at the smallest depth of its callers (the set is closed in two phases: first the
// items of calls made before this position, then the new calls in order of depth), and not made
// when that is deeper than the limit. So an input with a derivation whose calls nest at most
// `limit` deep is always recognized. A call not made matters when its machine could have matched
// there (it matches the empty string or can start with the next byte); when one did and the
// input did not match, `Outcome::too_deep` says where, and whether the input matches is unknown.
//
// Cost, for an input of `n` bytes and a network of `S` states: an item set holds at most
// `S * (n + 1)` items, so time is `O(S^2 n^3)` in the worst case (highly ambiguous grammars),
// `O(n^2)` for unambiguous ones, and `O(n)` when sets stay bounded, as they do for the RFC
// grammars. Memory is one item set at a time, plus the call edges waiting at each position:
// `O(n)` when sets are bounded. Nothing recurses: depth never touches the stack.

/// Recognition of every rule of a module with recursive rules: regular rules by their minimized
/// DFA, the others by the Earley engine over the recursive transition network.
#[allow(dead_code)]
pub mod earley {
    // Declared here so that a `no_std` crate with `alloc` declares nothing.
    extern crate alloc;

    use alloc::collections::{BTreeSet, BinaryHeap};
    use alloc::vec;
    use alloc::vec::Vec;
    use core::cmp::Reverse;

    use super::Cell;

    /// Where a rule is matched: `Regular(k)`, the `k`-th start state of the regular rules' DFA,
    /// or `Machine(m)`, machine `m` of the network.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Entry {
        /// A regular rule: its index among the DFA's start states.
        Regular(usize),
        /// A rule that is not regular: its machine.
        Machine(usize),
    }

    impl Entry {
        /// Whether the rule is regular: matched by the DFA.
        pub const fn is_regular(self) -> bool {
            matches!(self, Entry::Regular(_))
        }
    }

    /// The minimized DFA of a module's regular rules, one start state per rule. States are
    /// premultiplied by the number of byte classes (`stride`); state 0 is dead.
    #[derive(Clone, Copy, Debug)]
    pub struct Regular<'a, T: Cell> {
        /// The byte class of every byte.
        pub classes: &'a [u8; 256],
        /// The number of byte classes.
        pub stride: usize,
        /// `trans[state + classes[byte]]`: the next premultiplied state (0: none).
        pub trans: &'a [T],
        /// Whether each state (by id, not premultiplied) accepts.
        pub accept: &'a [bool],
        /// The premultiplied start state of each regular rule.
        pub starts: &'a [T],
    }

    impl<T: Cell> Regular<'_, T> {
        /// The premultiplied state after `byte` in `state` (0: none).
        #[inline(always)]
        fn next(&self, state: usize, byte: u8) -> usize {
            self.trans[state + self.classes[byte as usize] as usize].get()
        }

        /// Whether premultiplied state `state` accepts.
        #[inline(always)]
        fn accepts(&self, state: usize) -> bool {
            self.accept[state / self.stride]
        }

        /// Runs rule `rule` over `input` until it ends or the dead state is reached: the last
        /// live state and how many bytes it consumed.
        pub fn run(&self, rule: usize, input: &[u8]) -> (usize, usize) {
            let mut state = self.starts[rule].get();
            for (i, &byte) in input.iter().enumerate() {
                let next = self.next(state, byte);
                if next == 0 {
                    return (state, i);
                }
                state = next;
            }
            (state, input.len())
        }

        /// The length of the longest prefix of `input` that matches rule `rule`, if any.
        pub fn longest_match(&self, rule: usize, input: &[u8]) -> Option<usize> {
            let mut state = self.starts[rule].get();
            let mut last = self.accepts(state).then_some(0);
            for (i, &byte) in input.iter().enumerate() {
                state = self.next(state, byte);
                if state == 0 {
                    break;
                }
                if self.accepts(state) {
                    last = Some(i + 1);
                }
            }
            last
        }

        /// Whether the whole of `input` matches rule `rule`; if not, where it stops matching
        /// and what could have come there.
        pub fn recognize(&self, rule: usize, input: &[u8]) -> Result<(), Mismatch> {
            let (state, end) = self.run(rule, input);
            let accept = self.accepts(state);
            if end == input.len() && accept {
                return Ok(());
            }
            let mut expected = [0u64; 4];
            for byte in 0..=255u8 {
                if self.next(state, byte) != 0 {
                    expected[byte as usize / 64] |= 1 << (byte % 64);
                }
            }
            let end_allowed = accept && end < input.len();
            Err(Mismatch { index: end, expected, end_allowed, too_deep: None })
        }
    }

    /// Every rule of a module: the regular rules' DFA and the network of the others.
    #[derive(Clone, Copy, Debug)]
    pub struct Recognizer<'a, T: Cell> {
        /// The regular rules.
        pub regular: Regular<'a, T>,
        /// The rules that are not regular.
        pub network: Network<'a>,
    }

    impl<T: Cell> Recognizer<'_, T> {
        /// The length of the longest prefix of `input` that matches the rule at `entry`, with
        /// calls nested at most `limit` deep.
        pub fn longest_match(&self, entry: Entry, input: &[u8], limit: usize) -> Option<usize> {
            match entry {
                Entry::Regular(rule) => self.regular.longest_match(rule, input),
                Entry::Machine(machine) => run(&self.network, machine, input, limit, false).longest,
            }
        }

        /// The length of the longest prefix of `input` that some match of the rule at `entry`
        /// starts with: the index of the first byte that cannot be part of a match, or the
        /// input's length.
        pub fn valid_up_to(&self, entry: Entry, input: &[u8], limit: usize) -> usize {
            match entry {
                Entry::Regular(rule) => self.regular.run(rule, input).1,
                Entry::Machine(machine) => run(&self.network, machine, input, limit, false).valid_up_to,
            }
        }

        /// Whether the whole of `input` matches the rule at `entry`, with calls nested at most
        /// `limit` deep; if not, where the input stops matching and what could have come there.
        pub fn recognize(&self, entry: Entry, input: &[u8], limit: usize) -> Result<(), Mismatch> {
            match entry {
                Entry::Regular(rule) => self.regular.recognize(rule, input),
                Entry::Machine(machine) => {
                    run(&self.network, machine, input, limit, true).into_result(input.len())
                }
            }
        }
    }

    /// The tables of a recursive transition network.
    #[derive(Clone, Copy, Debug)]
    pub struct Network<'a> {
        /// The byte class of every byte.
        pub classes: &'a [u8; 256],
        /// The number of byte classes.
        pub stride: usize,
        /// `trans[state * stride + class]`: the state after a byte (0: none).
        pub trans: &'a [u32],
        /// Whether each state ends a match of its machine.
        pub accept: &'a [bool],
        /// The machine of each state.
        pub machine: &'a [u32],
        /// The call edges of state `s` are `calls[call_start[s]..call_start[s + 1]]`.
        pub call_start: &'a [u32],
        /// Call edges: the machine called, and the state to go on in once it has matched.
        pub calls: &'a [(u32, u32)],
        /// The start state of each machine.
        pub starts: &'a [u32],
        /// Whether each machine matches the empty string.
        pub nullable: &'a [bool],
        /// The bytes each machine's matches can start with (bit `b % 64` of word `b / 64`).
        pub first: &'a [[u64; 4]],
    }

    /// What a run of the engine found.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub struct Outcome {
        /// The length of the longest prefix of the input that matches.
        pub longest: Option<usize>,
        /// The length of the longest prefix that some match starts with: the index of the first byte
        /// no item can take, or the input length.
        pub valid_up_to: usize,
        /// The first position where a call was not made because it would nest deeper than the limit.
        pub too_deep: Option<usize>,
        /// The bytes that can follow the first `valid_up_to` bytes in a match (bit `b % 64` of word
        /// `b / 64`), when asked for; otherwise all zero.
        pub expected: [u64; 4],
    }

    /// Why an input does not match a rule.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub struct Mismatch {
        /// The index of the first byte that cannot continue a match, or the input length when the
        /// input ends before a match does.
        pub index: usize,
        /// The bytes that could continue a match at `index` (bit `b % 64` of word `b / 64`).
        pub expected: [u64; 4],
        /// Whether a match could end at `index` (so the input has bytes too many).
        pub end_allowed: bool,
        /// The first position where recognition needed a call nested deeper than the limit: when
        /// set, the input may still match with a larger limit.
        pub too_deep: Option<usize>,
    }

    impl Mismatch {
        /// Whether `byte` could continue a match at [`Mismatch::index`].
        pub fn expects(&self, byte: u8) -> bool {
            self.expected[byte as usize / 64] & (1 << (byte % 64)) != 0
        }
    }

    impl Outcome {
        /// `Ok(())` when the whole input of `len` bytes matches, else why not.
        pub fn into_result(self, len: usize) -> Result<(), Mismatch> {
            if self.longest == Some(len) {
                return Ok(());
            }
            Err(Mismatch {
                index: self.valid_up_to,
                expected: self.expected,
                end_allowed: self.longest == Some(self.valid_up_to),
                too_deep: self.too_deep,
            })
        }
    }

    #[derive(Clone, Copy, Debug)]
    struct Item {
        state: u32,
        origin: u32,
        depth: u32,
    }

    /// An item waiting at a call edge for the callee to match.
    #[derive(Clone, Copy, Debug)]
    struct Caller {
        callee: u32,
        ret: u32,
        origin: u32,
        depth: u32,
    }

    struct Engine<'n> {
        net: &'n Network<'n>,
        root: u32,
        limit: u32,
        /// Callers of every position that has some, in position order: `callers[index[k].1..]` up to
        /// the next entry's start.
        callers: Vec<Caller>,
        index: Vec<(u32, u32)>,
        /// The current item set, and which `(state, origin)` pairs it holds.
        items: Vec<Item>,
        seen: BTreeSet<u64>,
        /// Calls to predict at this position, least depth first.
        heap: BinaryHeap<Reverse<(u32, u32)>>,
        /// The depth of each machine called at this position (`u32::MAX`: not called yet), and
        /// which machines were called here.
        called: Vec<u32>,
        touched: Vec<u32>,
        /// Callers registered at this position.
        pending: Vec<Caller>,
        accepted: bool,
        too_deep: Option<usize>,
    }

    /// Runs machine `machine` of `net` over `input`, with calls nested at most `limit` deep; with
    /// `expected`, also finds the bytes that could continue at [`Outcome::valid_up_to`].
    pub fn run(net: &Network<'_>, machine: usize, input: &[u8], limit: usize, expected: bool) -> Outcome {
        let mut e = Engine {
            net,
            root: machine as u32,
            limit: u32::try_from(limit).unwrap_or(u32::MAX),
            callers: Vec::new(),
            index: Vec::new(),
            items: Vec::new(),
            seen: BTreeSet::new(),
            heap: BinaryHeap::new(),
            called: vec![u32::MAX; net.starts.len()],
            touched: Vec::new(),
            pending: Vec::new(),
            accepted: false,
            too_deep: None,
        };
        let mut longest = None;
        let mut next: Vec<Item> = Vec::new();
        let mut at = 0;
        loop {
            e.close(at, input.get(at).copied());
            if e.accepted {
                longest = Some(at);
            }
            if at == input.len() {
                break;
            }
            let class = net.classes[input[at] as usize] as usize;
            next.clear();
            e.seen.clear();
            for item in &e.items {
                let target = net.trans[item.state as usize * net.stride + class];
                if target != 0 && e.seen.insert(key(target, item.origin)) {
                    next.push(Item { state: target, ..*item });
                }
            }
            if next.is_empty() {
                break;
            }
            core::mem::swap(&mut e.items, &mut next);
            at += 1;
        }
        let mut bytes = [0u64; 4];
        if expected {
            for item in &e.items {
                let row = item.state as usize * net.stride;
                for b in 0..=255u8 {
                    if net.trans[row + net.classes[b as usize] as usize] != 0 {
                        bytes[b as usize / 64] |= 1 << (b % 64);
                    }
                }
            }
        }
        Outcome { longest, valid_up_to: at, too_deep: e.too_deep, expected: bytes }
    }

    fn key(state: u32, origin: u32) -> u64 {
        (u64::from(state) << 32) | u64::from(origin)
    }

    impl Engine<'_> {
        fn add(&mut self, item: Item) {
            if self.seen.insert(key(item.state, item.origin)) {
                self.items.push(item);
            }
        }

        /// Where the callers registered at position `origin` are in `callers`.
        fn callers_at(&self, origin: u32) -> core::ops::Range<usize> {
            match self.index.binary_search_by_key(&origin, |&(p, _)| p) {
                Ok(i) => {
                    let end = self.index.get(i + 1).map_or(self.callers.len(), |&(_, s)| s as usize);
                    self.index[i].1 as usize..end
                }
                Err(_) => 0..0,
            }
        }

        /// Closes the item set of position `at`, before `byte`: completions and empty calls of the
        /// items already there (all from calls made earlier), then the calls made here, least depth
        /// first.
        fn close(&mut self, at: usize, byte: Option<u8>) {
            let here = at as u32;
            self.accepted = false;
            if at == 0 {
                self.seen.clear();
                self.heap.push(Reverse((1, self.root)));
            }
            let mut next = 0;
            while next < self.items.len() {
                let item = self.items[next];
                next += 1;
                self.visit(item, here);
            }
            while let Some(Reverse((depth, callee))) = self.heap.pop() {
                if self.called[callee as usize] != u32::MAX {
                    continue;
                }
                if depth > self.limit {
                    let first = &self.net.first[callee as usize];
                    let could_start = byte.is_some_and(|b| first[b as usize / 64] & (1 << (b % 64)) != 0);
                    if could_start || self.net.nullable[callee as usize] {
                        self.too_deep.get_or_insert(at);
                    }
                    continue;
                }
                self.called[callee as usize] = depth;
                self.touched.push(callee);
                self.add(Item { state: self.net.starts[callee as usize], origin: here, depth });
                while next < self.items.len() {
                    let item = self.items[next];
                    next += 1;
                    self.visit(item, here);
                }
            }
            for callee in self.touched.drain(..) {
                self.called[callee as usize] = u32::MAX;
            }
            if !self.pending.is_empty() {
                self.index.push((here, self.callers.len() as u32));
                self.callers.append(&mut self.pending);
            }
        }

        fn visit(&mut self, item: Item, here: u32) {
            let net = self.net;
            let state = item.state as usize;
            if net.accept[state] {
                let machine = net.machine[state];
                if item.origin == 0 && machine == self.root {
                    self.accepted = true;
                }
                // A call made here that matched empty was completed when it was predicted.
                if item.origin < here {
                    for k in self.callers_at(item.origin) {
                        let c = self.callers[k];
                        if c.callee == machine {
                            self.add(Item { state: c.ret, origin: c.origin, depth: c.depth });
                        }
                    }
                }
            }
            let (from, to) = (net.call_start[state] as usize, net.call_start[state + 1] as usize);
            for &(callee, ret) in &net.calls[from..to] {
                self.pending.push(Caller { callee, ret, origin: item.origin, depth: item.depth });
                self.heap.push(Reverse((item.depth.saturating_add(1), callee)));
                if net.nullable[callee as usize] {
                    if item.depth < self.limit {
                        self.add(Item { state: ret, ..item });
                    } else {
                        self.too_deep.get_or_insert(here as usize);
                    }
                }
            }
        }
    }
}
