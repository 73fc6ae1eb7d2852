//! Renumbering helpers shared by the DFA and tagged-DFA passes: breadth-first state numbering
//! after a partition, and merging of equal table columns into one byte class.

use std::collections::VecDeque;

use crate::automata::classes::ByteClasses;

/// Numbers the blocks of a partitioned automaton breadth-first from its start states, with the
/// block of state 0 (the dead state) first. `block[s]` is the block of state `s`, `rep[b]` any
/// state of block `b`, and `trans` the `stride`-column table. Returns the new number of each
/// block (`u32::MAX` for blocks never reached) and the blocks in their new order.
pub(crate) fn breadth_first(
    block: &[usize],
    rep: &[usize],
    trans: &[u32],
    stride: usize,
    starts: &[u32],
) -> (Vec<u32>, Vec<usize>) {
    let mut number = vec![u32::MAX; rep.len()];
    let mut order = vec![block[0]];
    number[block[0]] = 0;
    let mut queue = VecDeque::new();
    let visit = |b: usize, number: &mut Vec<u32>, order: &mut Vec<usize>, queue: &mut VecDeque<usize>| {
        if number[b] == u32::MAX {
            number[b] = order.len() as u32;
            order.push(b);
            queue.push_back(b);
        }
    };
    for &s in starts {
        visit(block[s as usize], &mut number, &mut order, &mut queue);
    }
    while let Some(b) = queue.pop_front() {
        let s = rep[b];
        for c in 0..stride {
            visit(block[trans[s * stride + c] as usize], &mut number, &mut order, &mut queue);
        }
    }
    (number, order)
}

/// Groups equal columns of a `rows`-row, `stride`-column table, where `cell(row, column)` reads
/// a cell. Returns the new column of each old one, and for each new column an old column it
/// stands for; columns keep the order of their first appearance.
pub(crate) fn merge_equal_columns<T: PartialEq>(
    rows: usize,
    stride: usize,
    cell: impl Fn(usize, usize) -> T,
) -> (Vec<usize>, Vec<usize>) {
    let column = |c: usize| -> Vec<T> { (0..rows).map(|r| cell(r, c)).collect() };
    let mut kept: Vec<(usize, Vec<T>)> = Vec::new();
    let mut remap = Vec::with_capacity(stride);
    for c in 0..stride {
        let col = column(c);
        remap.push(kept.iter().position(|(_, k)| *k == col).unwrap_or_else(|| {
            kept.push((c, col));
            kept.len() - 1
        }));
    }
    (remap, kept.into_iter().map(|(c, _)| c).collect())
}

/// The byte classes after merging: each byte's old class mapped through `remap`.
pub(crate) fn remap_classes(classes: &ByteClasses, remap: &[usize]) -> ByteClasses {
    let mut map = [0u8; 256];
    for b in 0..=255u8 {
        map[b as usize] = remap[classes.get(b)] as u8;
    }
    ByteClasses::from_map(map)
}
