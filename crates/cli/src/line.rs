//! Reading the player's lines at the terminal prompt: with line editing and history
//! (rustyline) when standard input and output are a terminal, and plain lines otherwise, so
//! piped input works as it always did.

use std::io::{BufRead, IsTerminal, Write};

/// Where a person's answers come from.
pub enum LineInput<'a> {
    /// A terminal: editing keys, and the lines typed before with the up and down arrows.
    Editor(Box<rustyline::DefaultEditor>),
    /// Anything else (a pipe, a file): one line at a time, the prompt printed as it is.
    Plain(std::io::StdinLock<'a>),
}

impl LineInput<'static> {
    /// Line editing when both standard input and output are a terminal (and the editor can
    /// start), plain lines otherwise.
    pub fn stdin() -> Self {
        if std::io::stdin().is_terminal() && std::io::stdout().is_terminal() {
            if let Ok(editor) = rustyline::DefaultEditor::new() {
                return LineInput::Editor(Box::new(editor));
            }
        }
        LineInput::Plain(std::io::stdin().lock())
    }
}

impl LineInput<'_> {
    /// Shows `prompt` and reads one line (without its end); `None` when input ended (or the
    /// person pressed Ctrl-D or Ctrl-C at the terminal).
    pub fn read(&mut self, prompt: &str, out: &mut impl Write) -> std::io::Result<Option<String>> {
        match self {
            LineInput::Editor(editor) => {
                out.flush()?;
                match editor.readline(prompt) {
                    Ok(line) => {
                        if !line.trim().is_empty() {
                            let _ = editor.add_history_entry(line.as_str());
                        }
                        Ok(Some(line))
                    }
                    Err(rustyline::error::ReadlineError::Eof)
                    | Err(rustyline::error::ReadlineError::Interrupted) => Ok(None),
                    Err(rustyline::error::ReadlineError::Io(e)) => Err(e),
                    Err(e) => Err(std::io::Error::other(e.to_string())),
                }
            }
            LineInput::Plain(input) => {
                write!(out, "{prompt}")?;
                out.flush()?;
                let mut line = String::new();
                if input.read_line(&mut line)? == 0 {
                    return Ok(None);
                }
                Ok(Some(line.trim_end_matches(['\n', '\r']).to_string()))
            }
        }
    }
}
