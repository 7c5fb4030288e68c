package dev.widefeed.audience;

import dev.widefeed.graph.UserStore;
import dev.widefeed.kernel.DomainException;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.kernel.Ownership;
import dev.widefeed.kernel.Page;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.IntSupplier;

/**
 * Audiences (docs/design.md): the lists and who sees what: a user's private tags on other users, groups, hidden users
 * ("don't see theirs") and blocked users ("don't let them see mine"); the check of a new post's
 * audience; and, for authors, why a given user does or does not see a post. Each change
 * invalidates the cached facts it touches ({@link AudienceFacts}). Every change applies to posts
 * already written, since visibility is decided when a post is read, never stored with it.
 */
public final class AudienceService {
    static final int MAX_NAME = 30;

    private final AudienceStore store;
    private final UserStore users;
    private final AudienceFacts facts;
    private final AudienceLimits limits;
    private final IdGenerator ids;
    private final Clock clock;

    public AudienceService(
            AudienceStore store,
            UserStore users,
            AudienceFacts facts,
            AudienceLimits limits,
            IdGenerator ids,
            Clock clock) {
        this.store = store;
        this.users = users;
        this.facts = facts;
        this.limits = limits;
        this.ids = ids;
        this.clock = clock;
    }

    /** A tag and its members, as its owner lists them. */
    public record Tag(String name, List<Long> members) {}

    // --- marks: tags, hidden, blocked ---

    public void tag(long me, long owner, String tag, long member) {
        Mark mark = Mark.tag(checkName(tag, "a tag"));
        mark(me, owner, mark, member, () -> {
            List<String> names = store.tagNames(owner);
            if (!names.contains(tag) && names.size() >= limits.maxTags()) {
                throw DomainException.invalid("at most " + limits.maxTags() + " tags");
            }
            return limits.maxTagMembers();
        });
    }

    public void untag(long me, long owner, String tag, long member) {
        unmark(me, owner, Mark.tag(checkName(tag, "a tag")), member);
    }

    /** My tags with their members; tags are private, so only to me. */
    public List<Tag> tags(long me, long owner) {
        Ownership.require(me, owner, "tags are private to their owner");
        List<Tag> tags = new ArrayList<>();
        for (String name : store.tagNames(owner)) {
            tags.add(new Tag(name, AudienceFacts.all(store, owner, Mark.tag(name))));
        }
        return tags;
    }

    public void hide(long me, long owner, long member) {
        mark(me, owner, Mark.HIDDEN, member, limits::maxHidden);
    }

    public void unhide(long me, long owner, long member) {
        unmark(me, owner, Mark.HIDDEN, member);
    }

    public void block(long me, long owner, long member) {
        mark(me, owner, Mark.BLOCKED, member, limits::maxBlocked);
    }

    public void unblock(long me, long owner, long member) {
        unmark(me, owner, Mark.BLOCKED, member);
    }

    /** One of my lists (blocked or hidden), by user id. */
    public Page<Long, Long> marked(long me, long owner, Mark mark, Optional<Long> after, int limit) {
        Ownership.require(me, owner, "these lists are private to their owner");
        return Page.of(store.marked(owner, mark, after, limit + 1), limit, id -> id);
    }

    public boolean blocked(long author, long viewer) {
        return author != viewer && facts.marksOf(author, viewer).contains(Mark.BLOCKED);
    }

    private void mark(long me, long owner, Mark mark, long member, IntSupplier cap) {
        Ownership.require(me, owner, "only its owner changes their lists");
        if (member == owner) {
            throw DomainException.invalid("you cannot put yourself on your own list");
        }
        requireUser(member);
        if (store.marksOf(List.of(new Link(owner, member)))
                .get(new Link(owner, member))
                .contains(mark)) {
            return; // idempotent, and a full list still takes what it already holds
        }
        int max = cap.getAsInt();
        if (store.countMarked(owner, mark) >= max) {
            throw DomainException.invalid("this list holds at most " + max + " users");
        }
        store.mark(owner, mark, member, clock.instant().truncatedTo(ChronoUnit.MILLIS));
        facts.marksChanged(owner, member, mark);
    }

    private void unmark(long me, long owner, Mark mark, long member) {
        Ownership.require(me, owner, "only its owner changes their lists");
        store.unmark(owner, mark, member);
        facts.marksChanged(owner, member, mark);
    }

    // --- groups ---

    public Group createGroup(long me, String name) {
        Group group = new Group(
                ids.next(), checkName(name, "a group name"), me, clock.instant().truncatedTo(ChronoUnit.MILLIS));
        store.createGroup(group);
        store.addMember(group.id(), me, group.createdAt()); // the owner is always a member
        facts.membershipChanged(group.id(), me);
        return group;
    }

    public void addMember(long me, long groupId, long member) {
        Group group = ownGroup(me, groupId);
        requireUser(member);
        if (store.memberships(List.of(new Link(groupId, member))).isEmpty()) {
            if (store.countMembers(groupId) >= limits.maxGroupMembers()) {
                throw DomainException.invalid("a group has at most " + limits.maxGroupMembers() + " members");
            }
            store.addMember(group.id(), member, clock.instant().truncatedTo(ChronoUnit.MILLIS));
        }
        facts.membershipChanged(groupId, member);
    }

    public void removeMember(long me, long groupId, long member) {
        Group group = ownGroup(me, groupId);
        if (member == group.ownerId()) {
            throw DomainException.invalid("the owner is always a member of their group");
        }
        store.removeMember(groupId, member);
        facts.membershipChanged(groupId, member);
    }

    /** The group's owner and members, by id; only they may list it, and to anyone else it does not exist. */
    public Page<Long, Long> members(long me, long groupId, Optional<Long> after, int limit) {
        if (store.group(groupId).filter(g -> isMember(groupId, me)).isEmpty()) {
            throw DomainException.notFound("no group " + groupId);
        }
        return Page.of(store.members(groupId, after, limit + 1), limit, id -> id);
    }

    private Group ownGroup(long me, long groupId) {
        Group group = store.group(groupId).orElseThrow(() -> DomainException.notFound("no group " + groupId));
        if (group.ownerId() != me) {
            // A member may know the group exists; a stranger learns nothing from 404.
            if (isMember(groupId, me)) {
                throw DomainException.forbidden("only its owner changes a group");
            }
            throw DomainException.notFound("no group " + groupId);
        }
        return group;
    }

    private boolean isMember(long groupId, long userId) {
        return !store.memberships(List.of(new Link(groupId, userId))).isEmpty();
    }

    // --- audiences of posts ---

    /**
     * A new post's audience, its shape checked ({@link AudienceRules}) and every group it names
     * one the author owns or belongs to; tags are the author's own by construction (a tag nobody
     * carries yet simply matches nobody until someone does).
     */
    public Audience check(long author, Audience audience) {
        Audience checked = AudienceRules.check(audience);
        if (!checked.groups().isEmpty()) {
            List<Link> links =
                    checked.groups().stream().map(g -> new Link(g, author)).toList();
            Set<Link> in = store.memberships(links);
            for (Link link : links) {
                if (!in.contains(link)) {
                    throw DomainException.invalid(
                            "an audience names only groups its author owns or belongs to; not " + link.ownerId());
                }
            }
        }
        return checked;
    }

    // --- shared checks ---

    private void requireUser(long userId) {
        if (users.find(userId).isEmpty()) {
            throw DomainException.notFound("no user " + userId);
        }
    }

    /** Names of tags and groups: 1..30 characters, not blank, no control characters. */
    static String checkName(String name, String what) {
        if (name == null || name.isBlank() || name.codePointCount(0, name.length()) > MAX_NAME) {
            throw DomainException.invalid(what + " has 1.." + MAX_NAME + " characters, not all blank");
        }
        if (name.chars().anyMatch(Character::isISOControl)) {
            throw DomainException.invalid(what + " must not contain control characters");
        }
        return name;
    }
}
