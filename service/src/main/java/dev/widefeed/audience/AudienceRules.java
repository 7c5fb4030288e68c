package dev.widefeed.audience;

import dev.widefeed.kernel.DomainException;
import java.util.List;

/**
 * The shape an audience must have; lists given with a type that does not use them are dropped.
 * Tags and groups are capped lower than users because a fan-out resolves each of them into its
 * members (at most {@link AudienceLimits#maxTagMembers()} / {@link AudienceLimits#maxGroupMembers()}
 * each) and holds them while it runs. Whether the groups are the author's own is checked by
 * {@link AudienceService#check}, where groups live.
 */
final class AudienceRules {
    static final int MAX_USERS = 100;
    static final int MAX_TAGS = 20;
    static final int MAX_GROUPS = 20;

    private AudienceRules() {}

    static Audience check(Audience audience) {
        if (audience == null) {
            return Audience.PUBLIC;
        }
        if (!Visibility.isPartly(audience)) {
            return new Audience(audience.type(), List.of(), List.of(), List.of());
        }
        if (audience.users().size() > MAX_USERS
                || audience.tags().size() > MAX_TAGS
                || audience.groups().size() > MAX_GROUPS) {
            throw DomainException.invalid("an audience lists at most " + MAX_USERS + " users, " + MAX_TAGS
                    + " tags and " + MAX_GROUPS + " groups");
        }
        audience.tags().forEach(t -> AudienceService.checkName(t, "a tag"));
        if (audience.users().stream().anyMatch(id -> id <= 0)
                || audience.groups().stream().anyMatch(id -> id <= 0)) {
            throw DomainException.invalid("audience ids are positive");
        }
        return new Audience(
                audience.type(),
                audience.users().stream().distinct().toList(),
                audience.tags().stream().distinct().toList(),
                audience.groups().stream().distinct().toList());
    }
}
