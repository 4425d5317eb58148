//! Starts `nosqlint server` (found on the worktree's PATH) for the languages
//! extension.toml lists; everything else is the server's.
use zed_extension_api as zed;

struct Nosqlint;

impl zed::Extension for Nosqlint {
    fn new() -> Self {
        Nosqlint
    }

    fn language_server_command(
        &mut self,
        _id: &zed::LanguageServerId,
        worktree: &zed::Worktree,
    ) -> zed::Result<zed::Command> {
        let Some(path) = worktree.which("nosqlint") else {
            return Err("nosqlint is not on PATH (see the README's Install section)".into());
        };
        Ok(zed::Command {
            command: path,
            args: vec!["server".into()],
            env: Default::default(),
        })
    }
}

zed::register_extension!(Nosqlint);
