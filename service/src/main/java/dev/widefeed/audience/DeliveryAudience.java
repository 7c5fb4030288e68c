package dev.widefeed.audience;

import java.util.HashSet;
import java.util.Set;
import java.util.function.LongPredicate;

/**
 * Which followers a post may be pushed to, resolved once per fan-out turn from the author's side:
 * the author's blocked list and, for a partly-* audience, the members of its listed users, tags
 * and groups. Every one of those lists is capped ({@link AudienceLimits}, {@link AudienceRules}),
 * so the sets stay small however many followers the author has, and a page of 1,000 followers is
 * filtered in memory with no read per follower. Reads re-check anyway: a push is only a hint
 * that the rule may withdraw later (a block after delivery, a removal from a tag).
 */
public final class DeliveryAudience {
    private DeliveryAudience() {}

    /** Who among the author's followers may get a post with this audience pushed to them. */
    public static LongPredicate of(long authorId, Audience audience, AudienceStore store) {
        Set<Long> blocked = Set.copyOf(AudienceFacts.all(store, authorId, Mark.BLOCKED));
        return switch (audience.type()) {
            case PUBLIC -> id -> !blocked.contains(id);
            case PRIVATE -> id -> false;
            case PARTLY_VISIBLE -> {
                Set<Long> listed = listed(authorId, audience, store);
                yield id -> listed.contains(id) && !blocked.contains(id);
            }
            case PARTLY_INVISIBLE -> {
                Set<Long> listed = listed(authorId, audience, store);
                yield id -> !listed.contains(id) && !blocked.contains(id);
            }
        };
    }

    /** Everyone the audience's lists name: its users, the members of its tags, of its groups. */
    private static Set<Long> listed(long authorId, Audience audience, AudienceStore store) {
        Set<Long> listed = new HashSet<>(audience.users());
        for (String tag : audience.tags()) {
            listed.addAll(AudienceFacts.all(store, authorId, Mark.tag(tag)));
        }
        for (long group : audience.groups()) {
            listed.addAll(AudienceFacts.allMembers(store, group));
        }
        return listed;
    }
}
