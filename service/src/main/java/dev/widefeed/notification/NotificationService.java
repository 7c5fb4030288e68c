package dev.widefeed.notification;

import dev.widefeed.audience.AudienceFacts;
import dev.widefeed.audience.Link;
import dev.widefeed.audience.Mark;
import dev.widefeed.comment.store.Comment;
import dev.widefeed.comment.store.CommentStore;
import dev.widefeed.kernel.Ownership;
import dev.widefeed.kernel.Page;
import dev.widefeed.post.Post;
import dev.widefeed.post.PostAccess;
import dev.widefeed.post.PostStore;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A user's notifications as they read them (docs/design.md, "Notifications"): groups newest window first, each with
 * its count and newest actors; groups whose target the user may no longer see (a deleted post or comment, a post
 * whose audience left them out) and groups every source withdrew from are left out, so a page may come back short
 * while its cursor still moves on. Actors the user has blocked or hid since are not shown by name.
 */
public final class NotificationService {
    /** Unread groups are counted up to this many; more reads as "at least this many". */
    public static final int UNREAD_CAP = 100;

    private final NotificationStore store;
    private final PostStore posts;
    private final CommentStore comments;
    private final PostAccess access;
    private final AudienceFacts facts;
    private final NotificationRules rules;
    private final Clock clock;

    public NotificationService(
            NotificationStore store,
            PostStore posts,
            CommentStore comments,
            PostAccess access,
            AudienceFacts facts,
            NotificationRules rules,
            Clock clock) {
        this.store = store;
        this.posts = posts;
        this.comments = comments;
        this.access = access;
        this.facts = facts;
        this.rules = rules;
        this.clock = clock;
    }

    /** A page of the user's notifications, and whether each is unread. */
    public record Shown(Notification notification, boolean unread) {}

    /** The user's unread count, at most {@link #UNREAD_CAP} ({@code capped} when there may be more). */
    public record Unread(int count, boolean capped, Optional<Instant> readUpTo) {}

    /** A page of {@code userId}'s notifications; only they may read them. */
    public Page<Shown, NotificationCursor> page(long me, long userId, Optional<NotificationCursor> after, int limit) {
        Ownership.require(me, userId, "only they may read their notifications");
        Instant now = clock.instant();
        NotificationCursor top = rules.top(now);
        // Nothing is newer than the top; a cursor past it (made up) would only make the store walk empty days.
        NotificationCursor from =
                after.filter(c -> c.window().isBefore(top.window())).orElse(top);
        List<StoredGroup> read = store.groups(me, from, rules.oldestWindow(now), limit + 1);
        Page<StoredGroup, NotificationCursor> page =
                Page.of(read, limit, g -> g.key().position());
        NotificationStore.Markers markers = store.markers(me);
        Instant readUpTo = markers.readUpTo().orElse(Instant.EPOCH);
        Instant clearedUpTo = markers.clearedUpTo().orElse(Instant.EPOCH);
        List<Shown> shown = new ArrayList<>();
        for (Notification n : visible(me, page.items())) {
            if (n.latestAt().isAfter(clearedUpTo)) {
                shown.add(new Shown(n, n.latestAt().isAfter(readUpTo)));
            }
        }
        return new Page<>(shown, page.next());
    }

    /** The notification at {@code position}, if it is there and shown: one page of one from just above it. */
    public Optional<Shown> get(long me, long userId, NotificationCursor position) {
        if (position.targetId() == Long.MAX_VALUE) {
            return Optional.empty();
        }
        // List order is by target id, highest first: the place just above the group is the next higher target's.
        NotificationCursor above =
                new NotificationCursor(position.window(), position.kindCode(), position.targetId() + 1);
        return page(me, userId, Optional.of(above), 1).items().stream()
                .filter(s -> s.notification().key().position().equals(position))
                .findFirst();
    }

    /** Dismisses the group at {@code position}: deleted; new activity on its target in its window brings it back. */
    public void dismiss(long me, long userId, NotificationCursor position) {
        Ownership.require(me, userId, "only they may dismiss their notifications");
        NotificationKind.ofCode(position.kindCode())
                .filter(kind -> position.targetId() > 0)
                .ifPresent(kind -> store.dismiss(new GroupKey(me, position.window(), kind, position.targetId())));
    }

    /** Clears every notification the user has now: one write of a marker the pages hide what is older than. */
    public void clear(long me, long userId) {
        Ownership.require(me, userId, "only they may clear their notifications");
        store.clear(me, clock.instant());
    }

    /**
     * Counts the visible groups that have news after the read marker: only windows that end after it can, so the walk
     * stops there, or at the cap.
     */
    public Unread unread(long me, long userId) {
        Ownership.require(me, userId, "only they may read their notifications");
        Instant now = clock.instant();
        NotificationStore.Markers markers = store.markers(me);
        Optional<Instant> marker = markers.readUpTo();
        // What was cleared is not shown, so not unread either: the later of the two markers counts.
        Instant readUpTo = Stream.of(marker, markers.clearedUpTo())
                .flatMap(Optional::stream)
                .max(Instant::compareTo)
                .orElse(Instant.EPOCH);
        Instant oldest = rules.oldestWindow(now);
        if (readUpTo.isAfter(oldest)) {
            oldest = rules.windowOf(readUpTo);
        }
        NotificationCursor from = rules.top(now);
        int count = 0;
        while (true) {
            List<StoredGroup> read = store.groups(me, from, oldest, UNREAD_CAP);
            for (Notification n : visible(me, read)) {
                if (n.latestAt().isAfter(readUpTo) && ++count >= UNREAD_CAP) {
                    return new Unread(count, true, marker);
                }
            }
            if (read.size() < UNREAD_CAP) {
                return new Unread(count, false, marker);
            }
            from = read.get(read.size() - 1).key().position();
        }
    }

    /** Up to when the user has read their notifications, if they ever marked it: one read. */
    public Optional<Instant> readUpTo(long me, long userId) {
        Ownership.require(me, userId, "only they may read their notifications");
        return store.readUpTo(me);
    }

    /**
     * The read marker of a client that read down to the group at {@code position}: the end of that group's window, so
     * everything the group held when it was read is read (at most now, as {@link #markRead}).
     */
    public Unread markReadThrough(long me, long userId, NotificationCursor position) {
        return markRead(me, userId, position.window().plus(rules.window()));
    }

    /**
     * Everything that happened up to {@code upTo} (at most now: a marker in the future would hide what is still to
     * come) is read; a marker further on already stays.
     */
    public Unread markRead(long me, long userId, Instant upTo) {
        Ownership.require(me, userId, "only they may mark their notifications read");
        Instant now = clock.instant();
        store.markRead(me, upTo.isAfter(now) ? now : upTo);
        return unread(me, userId);
    }

    private List<Notification> visible(long me, List<StoredGroup> groups) {
        List<Notification> counted = new ArrayList<>();
        for (StoredGroup g : groups) {
            Notification n = Notification.of(g);
            if (n.count() > 0) {
                counted.add(n);
            }
        }
        Set<Long> visibleTargets = visibleTargets(me, counted);
        Set<Link> links = new HashSet<>();
        counted.forEach(n -> n.newest().forEach(a -> links.add(new Link(me, a.userId()))));
        Map<Link, Set<Mark>> marks = links.isEmpty() ? Map.of() : facts.marksOf(links);
        List<Notification> shown = new ArrayList<>();
        for (Notification n : counted) {
            if (n.key().kind().target() == NotificationKind.Target.USER
                    || visibleTargets.contains(n.key().targetId())) {
                shown.add(n.withNewest(n.newest().stream()
                        .filter(a -> !NotificationSources.muted(marks.getOrDefault(new Link(me, a.userId()), Set.of())))
                        .toList()));
            }
        }
        return shown;
    }

    /** The target posts and comments, among the groups', that {@code me} may still see. */
    private Set<Long> visibleTargets(long me, Collection<Notification> groups) {
        Set<Long> postIds = new HashSet<>();
        Set<Long> commentIds = new HashSet<>();
        for (Notification n : groups) {
            switch (n.key().kind().target()) {
                case POST -> postIds.add(n.key().targetId());
                case COMMENT -> commentIds.add(n.key().targetId());
                case USER -> {}
            }
        }
        Map<Long, Long> postOfComment = new HashMap<>();
        for (long id : commentIds) {
            comments.find(id)
                    .filter(c -> !c.deleted())
                    .map(Comment::object)
                    .ifPresent(o -> postOfComment.put(id, o.id()));
        }
        Set<Long> wanted = new HashSet<>(postIds);
        wanted.addAll(postOfComment.values());
        Map<Long, Post> found = wanted.isEmpty() ? Map.of() : posts.findAll(wanted);
        Set<Long> visiblePosts = found.isEmpty() ? Set.of() : access.visible(me, found.values());
        Set<Long> visible = new HashSet<>();
        postIds.stream().filter(visiblePosts::contains).forEach(visible::add);
        postOfComment.forEach((comment, post) -> {
            if (visiblePosts.contains(post)) {
                visible.add(comment);
            }
        });
        return visible;
    }
}
