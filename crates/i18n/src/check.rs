//! The completeness check: every message of English exists in every other language, with the
//! same variables and attributes, and no language has a message English lacks.

use crate::Source;
use fluent_syntax::ast;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// One way a language differs from English.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The language.
    pub lang: String,
    /// The message (or term, `-name`).
    pub id: String,
    /// What differs.
    pub what: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} `{}`: {}", self.lang, self.id, self.what)
    }
}

/// What a message uses: its attributes and the variables of its value and attributes.
#[derive(Debug, Default, PartialEq, Eq)]
struct Shape {
    attributes: BTreeSet<String>,
    variables: BTreeSet<String>,
}

fn shapes(sources: &[Source]) -> BTreeMap<String, Shape> {
    let mut out = BTreeMap::new();
    for source in sources {
        let resource = match fluent_syntax::parser::parse(source.ftl) {
            Ok(r) => r,
            Err((r, _)) => r,
        };
        for entry in resource.body {
            let (id, value, attributes) = match entry {
                ast::Entry::Message(m) => (m.id.name.to_string(), m.value, m.attributes),
                ast::Entry::Term(t) => (format!("-{}", t.id.name), Some(t.value), t.attributes),
                _ => continue,
            };
            let mut shape = Shape::default();
            if let Some(value) = &value {
                pattern_vars(value, &mut shape.variables);
            }
            for attribute in &attributes {
                shape.attributes.insert(attribute.id.name.to_string());
                pattern_vars(&attribute.value, &mut shape.variables);
            }
            out.insert(id, shape);
        }
    }
    out
}

fn pattern_vars(pattern: &ast::Pattern<&str>, vars: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_vars(expression, vars);
        }
    }
}

fn expression_vars(expression: &ast::Expression<&str>, vars: &mut BTreeSet<String>) {
    match expression {
        ast::Expression::Select { selector, variants } => {
            inline_vars(selector, vars);
            for variant in variants {
                pattern_vars(&variant.value, vars);
            }
        }
        ast::Expression::Inline(inline) => inline_vars(inline, vars),
    }
}

fn inline_vars(inline: &ast::InlineExpression<&str>, vars: &mut BTreeSet<String>) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            vars.insert(id.name.to_string());
        }
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for arg in &arguments.positional {
                inline_vars(arg, vars);
            }
            for named in &arguments.named {
                inline_vars(&named.value, vars);
            }
        }
        ast::InlineExpression::Placeable { expression } => expression_vars(expression, vars),
        _ => {}
    }
}

fn list(set: &BTreeSet<String>) -> String {
    if set.is_empty() {
        "none".to_string()
    } else {
        set.iter().cloned().collect::<Vec<_>>().join(", ")
    }
}

/// How the messages of `other` (one language) differ from `english`'s.
pub(crate) fn compare(english: &[Source], other: &[Source]) -> Vec<Problem> {
    let lang = other.first().map(|s| s.lang).unwrap_or("?").to_string();
    let english = shapes(english);
    let other = shapes(other);
    let mut problems = Vec::new();
    let problem = |id: &str, what: String| Problem {
        lang: lang.clone(),
        id: id.to_string(),
        what,
    };
    for (id, shape) in &english {
        let Some(theirs) = other.get(id) else {
            // A term is the language's own device: one language may need one where another
            // does not.
            if !id.starts_with('-') {
                problems.push(problem(id, "missing".to_string()));
            }
            continue;
        };
        if id.starts_with('-') {
            continue;
        }
        if theirs.variables != shape.variables {
            problems.push(problem(
                id,
                format!(
                    "variables {} where English has {}",
                    list(&theirs.variables),
                    list(&shape.variables)
                ),
            ));
        }
        if theirs.attributes != shape.attributes {
            problems.push(problem(
                id,
                format!(
                    "attributes {} where English has {}",
                    list(&theirs.attributes),
                    list(&shape.attributes)
                ),
            ));
        }
    }
    for id in other.keys() {
        if !id.starts_with('-') && !english.contains_key(id) {
            problems.push(problem(id, "not in English".to_string()));
        }
    }
    problems
}
