//! High-score tables of both modes, and how two games' tables merge when both save.

use serde::{Deserialize, Serialize};

use super::format::{json_kind, FileFormat, FORMAT_VERSION};
use super::settings::ModeKey;
use crate::sim::GameSpeed;

/// How many entries each high-score table keeps.
pub const TABLE_LEN: usize = 5;

/// One finished game in a high-score table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ScoreEntry {
    /// The score (in classic mode: the longest hit-free stretch, in simulation steps).
    pub score: u64,
    /// The world seed, so a remarkable game can be replayed.
    pub seed: u64,
    /// When the game ended, in seconds since the Unix epoch (0 if the clock was unavailable).
    pub unix_time: u64,
    /// The id of the game's replay, kept next to this file (see [`crate::replay::kept_path`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub replay: Option<u64>,
    /// The game speed in percent when the game was played below full speed (the lowest it was set
    /// to during the game); absent at full speed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub speed: Option<u32>,
}

impl ScoreEntry {
    /// The speed the game was played at.
    pub fn game_speed(&self) -> GameSpeed {
        self.speed
            .and_then(GameSpeed::from_percent)
            .unwrap_or_default()
    }

    /// The entry's `speed` value for a game played at `speed`: absent at full speed.
    pub fn speed_field(speed: GameSpeed) -> Option<u32> {
        (!speed.is_full()).then(|| speed.percent())
    }
}

/// The best [`TABLE_LEN`] results of one mode, best first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Table {
    entries: Vec<ScoreEntry>,
}

impl Table {
    /// The entries, best first.
    pub fn entries(&self) -> &[ScoreEntry] {
        &self.entries
    }

    /// The best score, if any game was recorded.
    pub fn best(&self) -> Option<u64> {
        self.entries.first().map(|e| e.score)
    }

    /// Whether `score` would beat every recorded score (true for the first game with a score above zero).
    pub fn is_new_best(&self, score: u64) -> bool {
        score > 0 && self.best().is_none_or(|best| score > best)
    }

    /// Inserts a result and returns its rank (0 = best) if it made the table.
    ///
    /// Ties keep the older entry ahead, so a repeat of a score does not push the first achiever down.
    pub fn record(&mut self, entry: ScoreEntry) -> Option<usize> {
        if entry.score == 0 {
            return None;
        }
        let rank = self.entries.partition_point(|e| e.score >= entry.score);
        if rank >= TABLE_LEN {
            return None;
        }
        self.entries.insert(rank, entry);
        self.entries.truncate(TABLE_LEN);
        Some(rank)
    }

    /// Keeps the best [`TABLE_LEN`] entries of both tables; an entry in both (the same score, seed and
    /// second: the same game, or one replayed exactly) counts once.
    fn merge(&mut self, other: Table) {
        for entry in other.entries {
            if !self.entries.contains(&entry) {
                self.entries.push(entry);
            }
        }
        self.entries.retain(|e| e.score > 0);
        // Older first among equal scores, as `record` keeps them, and every game sees the same order.
        self.entries
            .sort_by_key(|e| (std::cmp::Reverse(e.score), e.unix_time, e.seed));
        self.entries.truncate(TABLE_LEN);
    }

    /// Restores the table's order and length after reading a hand-edited file.
    fn sanitise(&mut self) {
        self.entries.retain(|e| e.score > 0);
        for entry in &mut self.entries {
            entry.speed = ScoreEntry::speed_field(entry.game_speed());
        }
        // A stable sort keeps the file's order among equal scores.
        self.entries.sort_by_key(|e| std::cmp::Reverse(e.score));
        self.entries.truncate(TABLE_LEN);
    }
}

/// High-score tables of both modes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct HighScores {
    /// Format version of the file this was read from.
    pub version: u32,
    /// Classic mode: longest hit-free stretches.
    pub classic: Table,
    /// Arcade mode: scores.
    pub arcade: Table,
}

impl Default for HighScores {
    fn default() -> Self {
        HighScores {
            version: FORMAT_VERSION,
            classic: Table::default(),
            arcade: Table::default(),
        }
    }
}

impl HighScores {
    /// The table of one mode.
    pub fn table(&self, mode: ModeKey) -> &Table {
        match mode {
            ModeKey::Classic => &self.classic,
            ModeKey::Arcade => &self.arcade,
        }
    }

    /// The table of one mode, for recording.
    pub fn table_mut(&mut self, mode: ModeKey) -> &mut Table {
        match mode {
            ModeKey::Classic => &mut self.classic,
            ModeKey::Arcade => &mut self.arcade,
        }
    }

    /// The ids of the replays the entries of both tables keep.
    pub fn replays(&self) -> impl Iterator<Item = u64> + '_ {
        [&self.classic, &self.arcade]
            .into_iter()
            .flat_map(|t| t.entries().iter().filter_map(|e| e.replay))
    }

    fn sanitise(&mut self) {
        self.classic.sanitise();
        self.arcade.sanitise();
        // Saved again, the tables are in this version's format (an older file may gain replays).
        self.version = self.version.max(FORMAT_VERSION);
    }
}

impl FileFormat for HighScores {
    fn shape_error(json: &serde_json::Value) -> Option<String> {
        let serde_json::Value::Object(map) = json else {
            return Some(format!("expected an object, found {}", json_kind(json)));
        };
        for (name, table) in map
            .iter()
            .filter(|(k, _)| *k == "classic" || *k == "arcade")
        {
            if let Some(entries) = table.as_array() {
                if let Some(bad) = entries.iter().find(|e| !e.is_object()) {
                    return Some(format!(
                        "a {name} score must be an object, found {}",
                        json_kind(bad)
                    ));
                }
            }
        }
        None
    }

    fn sanitise(&mut self) {
        HighScores::sanitise(self);
    }

    fn merge_saved(&mut self, saved: Self) {
        self.classic.merge(saved.classic);
        self.arcade.merge(saved.arcade);
    }
}

/// Seconds since the Unix epoch, or 0 when the clock is before it.
pub fn unix_now() -> u64 {
    crate::clock::since_epoch().map_or(0, |d| d.as_secs())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::test_support::{entry, store_in};
    use crate::store::SCORES_FILE;
    use std::fs;

    #[test]
    fn entries_keep_the_speed_they_were_played_at_and_older_files_read_as_full_speed() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(
            dir.path().join(SCORES_FILE),
            br#"{"version": 2, "arcade": [{"score": 70, "seed": 4, "unix_time": 9},
                {"score": 60, "seed": 5, "unix_time": 9, "speed": 75},
                {"score": 50, "seed": 6, "unix_time": 9, "speed": 100}]}"#,
        )
        .unwrap();
        let mut store = store_in(&dir);
        let mut scores = store.load_scores().value;
        // No speed, a speed no Spinfall offers, and full speed written out all read as full speed.
        let speeds: Vec<Option<u32>> = scores.arcade.entries().iter().map(|e| e.speed).collect();
        assert_eq!(speeds, vec![None, None, None]);
        scores.arcade.record(ScoreEntry {
            speed: Some(70),
            ..entry(90)
        });
        store.save_scores(&scores).unwrap();
        let text = fs::read_to_string(dir.path().join(SCORES_FILE)).unwrap();
        assert_eq!(text.matches("\"speed\"").count(), 1, "{text}");
        let loaded = store.load_scores().value;
        let best = loaded.arcade.entries()[0];
        assert_eq!((best.score, best.game_speed().percent()), (90, 70));
    }

    #[test]
    fn entries_keep_their_replay_and_version_1_files_read_without_one() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(
            dir.path().join(SCORES_FILE),
            br#"{"version": 1, "arcade": [{"score": 70, "seed": 4, "unix_time": 9}]}"#,
        )
        .unwrap();
        let mut store = store_in(&dir);
        let mut scores = store.load_scores().value;
        assert_eq!(scores.arcade.entries()[0].replay, None);
        scores.arcade.record(ScoreEntry {
            replay: Some(12),
            ..entry(90)
        });
        store.save_scores(&scores).unwrap();
        let text = fs::read_to_string(dir.path().join(SCORES_FILE)).unwrap();
        assert!(
            text.contains(&format!("\"version\": {FORMAT_VERSION}")),
            "{text}"
        );
        // An entry without a replay is written as version 1 wrote it.
        assert_eq!(text.matches("\"replay\"").count(), 1, "{text}");
        let loaded = store.load_scores().value;
        let replays: Vec<Option<u64>> = loaded.arcade.entries().iter().map(|e| e.replay).collect();
        assert_eq!(replays, vec![Some(12), None]);
    }

    #[test]
    fn table_keeps_five_best_and_ties_keep_the_older_first() {
        let mut t = Table::default();
        assert!(t.is_new_best(1));
        assert!(!t.is_new_best(0));
        assert_eq!(t.record(entry(0)), None);
        for s in [50, 10, 40, 20, 30] {
            assert!(t.record(entry(s)).is_some());
        }
        assert_eq!(t.record(entry(5)), None);
        let tie = ScoreEntry {
            score: 40,
            seed: 999,
            unix_time: 1,
            replay: Some(3),
            speed: None,
        };
        assert_eq!(t.record(tie), Some(2));
        let scores: Vec<u64> = t.entries().iter().map(|e| e.score).collect();
        assert_eq!(scores, vec![50, 40, 40, 30, 20]);
        assert_eq!(t.entries()[1].seed, 400);
        assert!(t.is_new_best(51));
        assert!(!t.is_new_best(50));
    }

    #[test]
    fn saving_merges_the_scores_another_game_saved_since_loading() {
        let dir = tempfile::tempdir().unwrap();
        let mut first = store_in(&dir);
        let mut second = store_in(&dir);
        let mut a = first.load_scores().value;
        let mut b = second.load_scores().value;
        a.arcade.record(entry(300));
        first.save_scores(&a).unwrap();
        b.arcade.record(entry(200));
        b.classic.record(entry(7));
        second.save_scores(&b).unwrap();
        // The first game saves again, knowing nothing of the second's scores: they stay.
        a.arcade.record(entry(100));
        first.save_scores(&a).unwrap();
        let saved = store_in(&dir).load_scores().value;
        let scores = |t: &Table| t.entries().iter().map(|e| e.score).collect::<Vec<_>>();
        assert_eq!(scores(&saved.arcade), vec![300, 200, 100]);
        assert_eq!(scores(&saved.classic), vec![7]);
    }

    #[test]
    fn merged_tables_keep_the_five_best_and_count_one_game_once() {
        let mut mine = Table::default();
        let mut theirs = Table::default();
        for s in [90, 70, 50, 30] {
            mine.record(entry(s));
        }
        for s in [80, 70, 60, 40, 20] {
            theirs.record(entry(s));
        }
        mine.merge(theirs);
        let scores: Vec<u64> = mine.entries().iter().map(|e| e.score).collect();
        assert_eq!(scores, vec![90, 80, 70, 60, 50]);
    }
}
