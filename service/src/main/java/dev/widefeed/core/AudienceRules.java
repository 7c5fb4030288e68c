package dev.widefeed.core;

/**
 * The shape an audience must have; lists given with a type that does not use them are dropped. Whether the listed groups and tags are the author's own is
 * checked where groups and tags live (issue 6); here only sizes and values.
 */
final class AudienceRules {
    static final int MAX_ENTRIES = 100;
    static final int MAX_TAG_LENGTH = 30;

    private AudienceRules() {
    }

    static Audience check(Audience audience) {
        if (audience == null) {
            return Audience.PUBLIC;
        }
        boolean partly = audience.type() == Audience.Type.PARTLY_VISIBLE || audience.type() == Audience.Type.PARTLY_INVISIBLE;
        if (!partly) {
            return new Audience(audience.type(), java.util.List.of(), java.util.List.of(), java.util.List.of());
        }
        if (audience.users().size() > MAX_ENTRIES || audience.tags().size() > MAX_ENTRIES
                || audience.groups().size() > MAX_ENTRIES) {
            throw DomainException.invalid("an audience lists at most " + MAX_ENTRIES + " users, tags and groups each");
        }
        if (audience.tags().stream().anyMatch(t -> t.isBlank() || t.length() > MAX_TAG_LENGTH)) {
            throw DomainException.invalid("tags have 1.." + MAX_TAG_LENGTH + " characters");
        }
        return audience;
    }
}
