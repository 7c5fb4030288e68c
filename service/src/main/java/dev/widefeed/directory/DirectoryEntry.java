package dev.widefeed.directory;

/** A user listed under a prefix of one of their words (docs/design.md, "Finding people"). */
public record DirectoryEntry(String prefix, String word, long userId) {
    public DirectoryEntry {
        if (!word.startsWith(prefix) || prefix.isEmpty()) {
            throw new IllegalArgumentException("the prefix '" + prefix + "' does not begin '" + word + "'");
        }
    }

    static DirectoryEntry of(NameTerms.Listed listed, long userId) {
        return new DirectoryEntry(listed.prefix(), listed.word(), userId);
    }

    NameTerms.Listed listed() {
        return new NameTerms.Listed(prefix, word);
    }
}
