//! Where the save files live: the platform's config directory, or the one an environment variable names.

use std::path::PathBuf;

/// Environment variable that, when set to a non-empty path, replaces the platform's config directory.
pub const CONFIG_DIR_ENV: &str = "SPINFALL_CONFIG_DIR";

/// The config directory: [`CONFIG_DIR_ENV`] if set and non-empty, else the platform's (for example
/// `~/.config/spinfall` on Linux), or `None` when there is no home directory.
pub fn config_dir() -> Option<PathBuf> {
    config_dir_from(std::env::var_os(CONFIG_DIR_ENV))
}

/// [`config_dir`] with the override variable's value passed in, so it can be tested without touching
/// the process environment.
pub(super) fn config_dir_from(override_dir: Option<std::ffi::OsString>) -> Option<PathBuf> {
    match override_dir {
        Some(dir) if !dir.is_empty() => Some(PathBuf::from(dir)),
        _ => {
            directories::ProjectDirs::from("", "", "spinfall").map(|p| p.config_dir().to_path_buf())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn env_var_overrides_the_directory() {
        let dir = PathBuf::from("/some/where/else");
        assert_eq!(
            config_dir_from(Some(dir.clone().into_os_string())),
            Some(dir)
        );
        // An empty value counts as unset rather than as the current directory.
        assert_ne!(config_dir_from(Some("".into())), Some(PathBuf::new()));
        assert_eq!(config_dir_from(Some("".into())), config_dir_from(None));
    }
}
