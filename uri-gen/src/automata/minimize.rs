//! DFA minimization by Hopcroft's partition refinement.
//!
//! Start from {accepting, non-accepting} and split blocks by their predecessors until stable;
//! each block becomes one state. Running it on the union of all rules' DFAs also merges states
//! that different rules share (the path and query tails of URI, relative-ref and their parts).
//! Iteration follows block and state order only, so the result is deterministic.

use std::collections::BTreeMap;

use crate::automata::dfa::Dfa;
use crate::automata::renumber::breadth_first;

/// Returns the minimal DFA equivalent to `dfa` (per start state). The dead state stays 0; other
/// states are numbered in breadth-first order from the start states, in start order.
pub fn minimize(dfa: &Dfa) -> Dfa {
    let n = dfa.len();
    let stride = dfa.stride();
    // Predecessors per class, in compressed rows: preds[c][t] = states s with trans(s, c) == t.
    let mut preds: Vec<Vec<Vec<u32>>> = vec![vec![Vec::new(); n]; stride];
    for s in 0..n {
        for (c, pred) in preds.iter_mut().enumerate() {
            pred[dfa.trans[s * stride + c] as usize].push(s as u32);
        }
    }

    let mut block_of = vec![0usize; n];
    let mut blocks: Vec<Vec<u32>> = Vec::new();
    let accepting: Vec<u32> = (0..n as u32).filter(|&s| dfa.accept[s as usize]).collect();
    let rejecting: Vec<u32> = (0..n as u32).filter(|&s| !dfa.accept[s as usize]).collect();
    for block in [rejecting, accepting] {
        if !block.is_empty() {
            for &s in &block {
                block_of[s as usize] = blocks.len();
            }
            blocks.push(block);
        }
    }
    let mut in_work = vec![true; blocks.len()];
    let mut work: Vec<usize> = (0..blocks.len()).collect();
    let mut mark = vec![false; n];

    while let Some(a) = work.pop() {
        in_work[a] = false;
        let splitter = blocks[a].clone();
        for pred in &preds {
            let mut touched: BTreeMap<usize, Vec<u32>> = BTreeMap::new();
            for &t in &splitter {
                for &s in &pred[t as usize] {
                    if !mark[s as usize] {
                        mark[s as usize] = true;
                        touched.entry(block_of[s as usize]).or_default().push(s);
                    }
                }
            }
            for (y, mut inside) in touched {
                for &s in &inside {
                    mark[s as usize] = false;
                }
                if inside.len() == blocks[y].len() {
                    continue;
                }
                inside.sort_unstable();
                let new = blocks.len();
                for &s in &inside {
                    block_of[s as usize] = new;
                }
                blocks[y].retain(|&s| block_of[s as usize] == y);
                blocks.push(inside);
                in_work.push(false);
                let pick = if in_work[y] || blocks[new].len() <= blocks[y].len() { new } else { y };
                if !in_work[pick] {
                    in_work[pick] = true;
                    work.push(pick);
                }
            }
        }
    }

    // Renumber: dead block first, then breadth-first from the starts.
    let rep: Vec<usize> = blocks.iter().map(|b| b[0] as usize).collect();
    let (number, order) = breadth_first(&block_of, &rep, &dfa.trans, stride, &dfa.starts);
    let mut trans = Vec::with_capacity(order.len() * stride);
    let mut accept = Vec::with_capacity(order.len());
    for &b in &order {
        let s = blocks[b][0] as usize;
        trans.extend((0..stride).map(|c| number[block_of[dfa.trans[s * stride + c] as usize]]));
        accept.push(dfa.accept[s]);
    }
    let starts = dfa.starts.iter().map(|&s| number[block_of[s as usize]]).collect();
    Dfa { classes: dfa.classes.clone(), trans, accept, starts }
}
