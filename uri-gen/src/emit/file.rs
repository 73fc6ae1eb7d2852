//! The shape of a generated file that fits any crate: usable as a module file (`mod name;`) and
//! through `include!`, where inner attributes and inner docs are not allowed, and left alone by
//! rustfmt, whose layout differs from `prettyplease`'s.
//!
//! [`shape`] takes the file's own docs (`#![doc = ...]`) out into comment lines, adds a usage
//! example naming the module's entry points, and marks every top-level item `#[rustfmt::skip]`
//! and `#[allow(dead_code)]` (outer attributes, which `include!` accepts): a crate may keep the
//! module private and use only some of its rules without a warning.

use syn::{parse_quote, Item};

/// Makes `file` fit any crate, and gives the comment lines that take the place of its docs.
pub(crate) fn shape(file: &mut syn::File) -> anyhow::Result<String> {
    let mut comment = String::new();
    for attr in std::mem::take(&mut file.attrs) {
        let doc = match &attr.meta {
            syn::Meta::NameValue(nv) if nv.path.is_ident("doc") => match &nv.value {
                syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }) => s.value(),
                _ => anyhow::bail!("a generated file's doc attribute is not a string"),
            },
            _ => anyhow::bail!("a generated file has an inner attribute, which `include!` does not allow"),
        };
        for line in doc.lines() {
            for wrapped in wrap(line.trim(), 96) {
                comment.push_str(&format!("// {wrapped}\n").replace("// \n", "//\n"));
            }
        }
    }
    comment.push_str(&usage(&file.items));
    for item in &mut file.items {
        if let Item::Mod(module) = item {
            outer_docs(&mut module.attrs);
        }
        let import = matches!(item, Item::Use(_));
        if let Some(attrs) = item_attrs(item) {
            attrs.push(parse_quote!(#[rustfmt::skip]));
            // A crate may keep the module private and use a few rules of it.
            attrs.push(if import {
                parse_quote!(#[allow(unused_imports)])
            } else {
                parse_quote!(#[allow(dead_code)])
            });
        }
    }
    Ok(comment)
}

/// An inline module's own docs (`#![doc]` inside it) as outer docs in place of any outer docs
/// it had: a module with attributes of both styles is a lint warning (`mixed_attributes_style`).
fn outer_docs(attrs: &mut Vec<syn::Attribute>) {
    if attrs.iter().any(|a| matches!(a.style, syn::AttrStyle::Inner(_))) {
        attrs.retain(|a| matches!(a.style, syn::AttrStyle::Inner(_)) || !a.path().is_ident("doc"));
        for attr in attrs.iter_mut() {
            attr.style = syn::AttrStyle::Outer;
        }
    }
}

/// `text` cut into lines of at most `width` characters at spaces (a longer word stays whole).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in text.split(' ') {
        let line = lines.last_mut().expect("one line at least");
        if !line.is_empty() && line.len() + 1 + word.len() > width {
            lines.push(word.to_owned());
        } else {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    lines
}

/// The attributes of an item that can carry them.
fn item_attrs(item: &mut Item) -> Option<&mut Vec<syn::Attribute>> {
    Some(match item {
        Item::Const(i) => &mut i.attrs,
        Item::Enum(i) => &mut i.attrs,
        Item::Fn(i) => &mut i.attrs,
        Item::Impl(i) => &mut i.attrs,
        Item::Mod(i) => &mut i.attrs,
        Item::Static(i) => &mut i.attrs,
        Item::Struct(i) => &mut i.attrs,
        Item::Trait(i) => &mut i.attrs,
        Item::Type(i) => &mut i.attrs,
        Item::Use(i) => &mut i.attrs,
        _ => return None,
    })
}

/// The first variant of the public enum `name` among `items`.
fn first_variant(items: &[Item], name: &str) -> Option<String> {
    items.iter().find_map(|item| match item {
        Item::Enum(e) if e.ident == name => e.variants.first().map(|v| v.ident.to_string()),
        _ => None,
    })
}

/// The items of the inline module `name` among `items`.
fn module_items<'a>(items: &'a [Item], name: &str) -> &'a [Item] {
    items
        .iter()
        .find_map(|item| match item {
            Item::Mod(m) if m.ident == name => m.content.as_ref().map(|(_, items)| items.as_slice()),
            _ => None,
        })
        .unwrap_or(&[])
}

/// A usage example as comment lines: how to declare the module and call its entry points.
fn usage(items: &[Item]) -> String {
    let (rule, parser, prefix) = match first_variant(items, "Rule") {
        Some(rule) => (Some(rule), None, ""),
        None => (
            first_variant(module_items(items, "rules"), "Rule"),
            first_variant(module_items(items, "parser"), "Parser"),
            "rules::",
        ),
    };
    // A module with recursive rules re-exports the engine's `Mismatch`: its runtime file needs
    // the engine too.
    let earley = items.iter().chain(module_items(items, "rules")).any(|item| {
        matches!(item, Item::Use(u) if quote::ToTokens::to_token_stream(u).to_string().contains("earley"))
    });
    let runtime = if earley {
        " runtime file with its Earley engine (`uri_gen::emit::RuntimeParts`) once in the crate, then:"
    } else {
        " runtime file (`uri_gen::emit::runtime_file`) once in the crate, then:"
    };
    let mut lines = vec![
        String::new(),
        " Usage: declare this file as a module (`mod grammar;`) or include it".to_owned(),
        " (`mod grammar { include!(concat!(env!(\"OUT_DIR\"), \"/grammar.rs\")); }`), with the walk"
            .to_owned(),
        runtime.to_owned(),
        String::new(),
        " ```".to_owned(),
    ];
    if let Some(rule) = rule {
        lines.push(format!(" use grammar::{prefix}Rule;"));
        lines.push(format!(" let matched: bool = Rule::{rule}.matches(input.as_bytes());"));
    }
    if let Some(parser) = parser {
        lines.push(" use grammar::parser::Parser;".to_owned());
        lines.push(format!(" match Parser::{parser}.parse(input.as_bytes()) {{"));
        lines
            .push("     Ok(captures) => { /* one accessor per capture: Option<(start, end)> */ }".to_owned());
        lines.push("     Err(failure) => { /* failure.index: where no match can go on */ }".to_owned());
        lines.push(" }".to_owned());
    }
    lines.push(" ```".to_owned());
    lines.iter().map(|l| format!("//{l}\n")).collect()
}
