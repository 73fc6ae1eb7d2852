//! Line layout of printed modules beyond `prettyplease`'s: a `match` arm whose value is an
//! array of plain operands (a parser's final row, such as `3 => [r[2], r[3], end, NONE],`)
//! is printed on one line, so that each row of a table of register indices reads as a row, and
//! so is an arm of short assignments (an operation list of `run_ops`) that fits in 150 columns;
//! and the elements of a table of integers fill lines up to [`WIDTH`] columns, the workspace's
//! `rustfmt` width, where `prettyplease` stops at 89.
//!
//! `prettyplease` breaks such an array into one element per line, twenty lines for a row of
//! twenty slots. [`print`] joins them again: only arms whose elements are names or names indexed
//! by a literal, each element as printed, so that the pass changes layout only.

/// `file` printed by `prettyplease`, with every `match` arm whose value is an array of plain
/// operands on one line, and parsed again to check that it is still Rust.
pub(crate) fn print(file: &syn::File) -> anyhow::Result<String> {
    let printed = prettyplease::unparse(file);
    let text = fill(&rows(&printed));
    if text != printed {
        syn::parse_file(&text)
            .map_err(|e| anyhow::anyhow!("a module with joined rows does not parse: {e}"))?;
    }
    Ok(text)
}

/// The widest line that [`fill`] writes.
const WIDTH: usize = 110;

/// `text` with each run of lines that hold only integer literals (the elements of a table, as
/// `prettyplease` prints them) refilled to lines of at most [`WIDTH`] columns.
fn fill(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < lines.len() {
        let indent = lines[i].len() - lines[i].trim_start().len();
        let mut end = i;
        while end < lines.len()
            && integers(lines[end]).is_some()
            && lines[end].len() - lines[end].trim_start().len() == indent
        {
            end += 1;
        }
        if end - i < 2 {
            out.push_str(lines[i]);
            out.push('\n');
            i += 1;
            continue;
        }
        let mut line = String::new();
        for literal in lines[i..end].iter().flat_map(|l| integers(l).into_iter().flatten()) {
            if !line.is_empty() && indent + line.len() + 1 + literal.len() + 1 > WIDTH {
                out.push_str(&" ".repeat(indent));
                out.push_str(line.trim_end());
                out.push('\n');
                line.clear();
            }
            line.push_str(literal);
            line.push_str(", ");
        }
        out.push_str(&" ".repeat(indent));
        out.push_str(line.trim_end());
        out.push('\n');
        i = end;
    }
    out
}

/// The integer literals of `line` when it holds nothing else, each followed by a comma.
fn integers(line: &str) -> Option<Vec<&str>> {
    let literals: Vec<&str> = line.trim().strip_suffix(',')?.split(", ").collect();
    let integer = |l: &&str| !l.is_empty() && l.bytes().all(|b| b.is_ascii_digit());
    literals.iter().all(integer).then_some(literals)
}

/// `text` with every arm that [`row_at`] or [`statements_at`] finds on one line.
fn rows(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < lines.len() {
        match row_at(&lines, i).or_else(|| statements_at(&lines, i)) {
            Some((joined, next)) => {
                out.push_str(&joined);
                i = next;
            }
            None => {
                out.push_str(lines[i]);
                i += 1;
            }
        }
        out.push('\n');
    }
    out
}

/// The arm starting at line `i` on one line, and the index of the line after it, where line `i`
/// opens an arm (`N => {`) whose block holds only an array of plain operands.
fn row_at(lines: &[&str], i: usize) -> Option<(String, usize)> {
    let head = lines[i].strip_suffix(" => {")?;
    let pattern = head.trim_start();
    if pattern.is_empty() || !pattern.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if lines.get(i + 1)?.trim() != "[" {
        return None;
    }
    let mut operands = Vec::new();
    let mut j = i + 2;
    loop {
        let line = lines.get(j)?.trim();
        if line == "]" {
            break;
        }
        operands.push(plain_operand(line.strip_suffix(',')?)?);
        j += 1;
    }
    if lines.get(j + 1)?.trim() != "}" || operands.is_empty() {
        return None;
    }
    Some((format!("{head} => [{}],", operands.join(", ")), j + 2))
}

/// The arm starting at line `i` on one line, and the index of the line after it, where line `i`
/// opens an arm (`N => {`) whose block holds only assignments of plain operands (an operation
/// list of `run_ops`, such as `(r[4], r[1]) = (at, at + 1);`) and fits in [`ARM_WIDTH`] columns.
fn statements_at(lines: &[&str], i: usize) -> Option<(String, usize)> {
    let head = lines[i].strip_suffix(" => {")?;
    let pattern = head.trim_start();
    if pattern.is_empty() || !pattern.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let indent = &head[..head.len() - pattern.len()];
    let mut statements = Vec::new();
    let mut j = i + 1;
    while lines.get(j)?.trim() != "}" {
        statements.push(assignment(lines.get(j)?.trim())?);
        j += 1;
    }
    if statements.is_empty() || lines[j] != format!("{indent}}}") {
        return None;
    }
    let joined = format!("{head} => {{ {} }}", statements.join(" "));
    (joined.len() <= ARM_WIDTH).then_some((joined, j + 1))
}

/// The widest line that [`statements_at`] writes.
const ARM_WIDTH: usize = 150;

/// `statement` when it assigns plain operands, or a tuple of them, to plain operands.
fn assignment(statement: &str) -> Option<&str> {
    let (lhs, rhs) = statement.strip_suffix(';')?.split_once(" = ")?;
    let operands = |side: &str| {
        let inner = side.strip_prefix('(').and_then(|s| s.strip_suffix(')')).unwrap_or(side);
        inner.split(", ").all(|o| plain_operand(o.strip_suffix(" + 1").unwrap_or(o)).is_some())
    };
    (operands(lhs) && operands(rhs)).then_some(statement)
}

/// `operand` when it is a name or an indexed name with a literal index (`end`, `r[12]`).
fn plain_operand(operand: &str) -> Option<&str> {
    let word = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    let plain = match operand.split_once('[') {
        None => word(operand),
        Some((name, index)) => {
            word(name)
                && index
                    .strip_suffix(']')
                    .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        }
    };
    plain.then_some(operand)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_arm_of_plain_operands_is_one_line() {
        let file: syn::File = syn::parse_quote! {
            fn f(r: &[u32; 30], end: u32, row: usize) -> [u32; 12] {
                match row {
                    1 => [r[2], end, r[3], r[4], r[5], r[6], r[7], r[8], r[9], r[10], r[11], r[12]],
                    _ => [0; 12],
                }
            }
        };
        let printed = print(&file).expect("same tokens");
        assert!(printed.contains(
            "\n        1 => [r[2], end, r[3], r[4], r[5], r[6], r[7], r[8], r[9], r[10], r[11], r[12]],\n"
        ));
        assert_eq!(printed.lines().count(), 6, "{printed}");
    }

    #[test]
    fn an_arm_of_short_assignments_is_one_line() {
        let file: syn::File = syn::parse_quote! {
            const fn run_ops(list: usize, at: u32, regs: &mut [u32; 28]) {
                match list {
                    7 => {
                        (regs[4], regs[5], regs[8], regs[9]) = (at, at, at, at);
                        (regs[1], regs[22]) = (at, at + 1);
                    }
                    8 => {
                        (regs[4], regs[5], regs[8], regs[9]) = (regs[10], regs[11], regs[12], regs[13]);
                        (regs[14], regs[15], regs[16], regs[17]) = (regs[18], regs[19], regs[20], regs[21]);
                    }
                    _ => {}
                }
            }
        };
        let printed = print(&file).expect("same tokens");
        assert!(printed.contains(
            "\n        7 => { (regs[4], regs[5], regs[8], regs[9]) = (at, at, at, at); (regs[1], regs[22]) = (at, at + 1); }\n"
        ), "{printed}");
        assert!(printed.contains("\n        8 => {\n"), "too wide for one line: {printed}");
    }

    #[test]
    fn integer_tables_fill_their_lines() {
        let file: syn::File = syn::parse_quote! {
            static T: [u16; 40] = [
                1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010, 1011, 1012, 1013,
                1014, 1015, 1016, 1017, 1018, 1019, 1020, 1021, 1022, 1023, 1024, 1025, 1026, 1027,
                1028, 1029, 1030, 1031, 1032, 1033, 1034, 1035, 1036, 1037, 1038, 1039
            ];
        };
        let printed = print(&file).expect("a table");
        let lines: Vec<&str> = printed.lines().collect();
        assert_eq!(lines.len(), 5, "{printed}");
        assert!(lines.iter().all(|l| l.len() <= WIDTH), "{printed}");
        assert_eq!(lines[1].len(), 4 + 17 * 6 - 1, "{printed}");
        let reparsed: syn::File = syn::parse_file(&printed).expect("parses");
        assert_eq!(prettyplease::unparse(&reparsed), prettyplease::unparse(&file));
    }

    #[test]
    fn other_arms_stay_as_printed() {
        let file: syn::File = syn::parse_quote! {
            fn f(x: usize) -> [usize; 12] {
                match x {
                    1 => [x + 1, x + 2, x + 3, x + 4, x + 5, x + 6, x + 7, x + 8, x + 9, x + 10, x + 11, x + 12],
                    _ => [0; 12],
                }
            }
        };
        assert_eq!(print(&file).expect("unchanged"), prettyplease::unparse(&file));
    }
}
