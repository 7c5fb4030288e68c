package dev.widefeed.notification;

import dev.widefeed.audience.AudienceFacts;
import dev.widefeed.audience.Link;
import dev.widefeed.audience.Mark;
import dev.widefeed.comment.CommentRows;
import dev.widefeed.comment.store.Comment;
import dev.widefeed.comment.store.CommentVoteStore;
import dev.widefeed.comment.store.Vote;
import dev.widefeed.kernel.Futures;
import dev.widefeed.mention.Mention;
import dev.widefeed.post.Post;
import dev.widefeed.post.PostAccess;
import dev.widefeed.post.PostRows;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * What each source worked with marks should have put into groups now, read from the truth (docs/design.md,
 * "Notifications"; likes, follows, comments and replies are counted by minute, {@link TalliedGroups}): a live
 * comment everyone it mentions, a like of a comment the comment's author, a
 * live post everyone it mentions and, when a repost, its source's author. Never one's own doing; never from a user
 * the recipient blocked or hid; never about a post the recipient may not see.
 */
public final class NotificationSources {
    public static final String LIKE = "like";
    public static final String FOLLOW = "follow";
    public static final String COMMENT = "comment";
    public static final String VOTE = "vote";
    public static final String POST = "post";
    public static final List<String> FAMILIES = List.of(LIKE, FOLLOW, COMMENT, VOTE, POST);
    /** The families whose sources keep marks: a comment's mentions, votes, posts. */
    public static final Set<String> MARKED = Set.of(COMMENT, VOTE, POST);

    private final PostRows posts;
    private final CommentRows comments;
    private final CommentVoteStore votes;
    private final PostAccess access;
    private final AudienceFacts facts;
    private final NotificationRules rules;
    private final Executor reads;

    /**
     * @param posts where posts are read: the cache tier's rows (a post changes only by its delete, which reaches it
     *              within its bound; a delete's own entry, worked again by its guard minutes later, sees it)
     * @param comments where comments are read: the cache tier's rows, as posts (a comment too changes only by its
     *                 delete)
     * @param votes    where a vote, the truth of a comment's like, is read
     * @param reads    where the truth of many sources is read at once
     */
    public NotificationSources(
            PostRows posts,
            CommentRows comments,
            CommentVoteStore votes,
            PostAccess access,
            AudienceFacts facts,
            NotificationRules rules,
            Executor reads) {
        this.posts = posts;
        this.comments = comments;
        this.votes = votes;
        this.access = access;
        this.facts = facts;
        this.rules = rules;
        this.reads = reads;
    }

    /**
     * What each source should have put into groups now. A contribution it has already put in ({@code marks}) and
     * still stands keeps its window and time, so a source read again (after a crash, or by its second entry) changes
     * nothing.
     *
     * @param seenAt when each source's entry was recorded: the time of a change whose truth keeps none (a vote)
     */
    public Map<NotificationSource, Set<Contribution>> desired(
            Map<NotificationSource, Instant> seenAt, Map<NotificationSource, SourceMark> marks) {
        Map<NotificationSource, CompletableFuture<List<Contribution>>> reading = new HashMap<>();
        seenAt.forEach((source, at) ->
                reading.put(source, CompletableFuture.supplyAsync(() -> candidates(source, at), reads)));
        Map<NotificationSource, List<Contribution>> stable = new HashMap<>();
        reading.forEach((source, future) -> {
            List<Contribution> kept = new ArrayList<>();
            for (Contribution c : Futures.join(future)) {
                kept.add(marks.getOrDefault(source, SourceMark.NONE).applied().stream()
                        .filter(a -> sameFact(a, c))
                        .findFirst()
                        .orElse(c));
            }
            stable.put(source, kept);
        });
        // One round of the recipients' marks for every source at once, not one per source.
        Set<Link> links = new HashSet<>();
        stable.values()
                .forEach(all -> all.forEach(c -> links.add(new Link(c.group().recipientId(), c.actorId()))));
        Map<Link, Set<Mark>> recipientsMarks = links.isEmpty() ? Map.of() : facts.marksOf(links);
        Map<NotificationSource, Set<Contribution>> desired = new HashMap<>();
        stable.forEach((source, all) -> desired.put(source, allowed(all, recipientsMarks)));
        return desired;
    }

    /** Whether a recipient's marks on a user keep that user's doing from them: blocked or hidden. */
    static boolean muted(Set<Mark> marks) {
        return marks.contains(Mark.BLOCKED) || marks.contains(Mark.HIDDEN);
    }

    private static boolean sameFact(Contribution a, Contribution b) {
        return a.actorId() == b.actorId()
                && a.group().recipientId() == b.group().recipientId()
                && a.group().kind() == b.group().kind()
                && a.group().targetId() == b.group().targetId();
    }

    /** Drops one's own doing, and what the recipient blocked or hid the actor from. */
    private static Set<Contribution> allowed(List<Contribution> candidates, Map<Link, Set<Mark>> marks) {
        Set<Contribution> allowed = new LinkedHashSet<>();
        for (Contribution c : candidates) {
            Link link = new Link(c.group().recipientId(), c.actorId());
            if (c.group().recipientId() != c.actorId() && !muted(marks.getOrDefault(link, Set.of()))) {
                allowed.add(c);
            }
        }
        return allowed;
    }

    private List<Contribution> candidates(NotificationSource source, Instant seenAt) {
        return switch (source.family()) {
            case COMMENT -> comment(source.subjectId());
            case VOTE -> vote(source.subjectId(), source.actorId(), seenAt);
            case POST -> post(source.subjectId());
            default -> throw new IllegalArgumentException("no notification source family " + source.family());
        };
    }

    /** A live comment's mentions: its post's author, or the author it replies to, are told by minute. */
    private List<Contribution> comment(long commentId) {
        Optional<Comment> found = comments.find(commentId).filter(c -> !c.deleted());
        if (found.isEmpty()) {
            return List.of();
        }
        Comment comment = found.get();
        return posts.find(comment.object().id())
                .map(post -> mentions(comment.mentioned(), post, comment.authorId(), comment.createdAt()))
                .orElse(List.of());
    }

    private List<Contribution> vote(long commentId, long voterId, Instant seenAt) {
        if (votes.vote(commentId, voterId) != Vote.LIKE) {
            return List.of();
        }
        Optional<Comment> comment = comments.find(commentId).filter(c -> !c.deleted());
        Optional<Post> post = comment.flatMap(c -> posts.find(c.object().id()));
        if (post.isEmpty() || !maySee(comment.get().authorId(), post.get())) {
            return List.of();
        }
        return List.of(
                contribution(comment.get().authorId(), NotificationKind.COMMENT_LIKE, commentId, voterId, seenAt));
    }

    private List<Contribution> post(long postId) {
        Optional<Post> found = posts.find(postId);
        if (found.isEmpty()) {
            return List.of();
        }
        Post post = found.get();
        List<Contribution> all = new ArrayList<>();
        post.repostOf()
                .flatMap(posts::find)
                .filter(source -> maySee(source.authorId(), post))
                .ifPresent(source -> all.add(contribution(
                        source.authorId(), NotificationKind.REPOST, source.id(), post.authorId(), post.createdAt())));
        all.addAll(mentions(post.mentioned(), post, post.authorId(), post.createdAt()));
        return all;
    }

    private List<Contribution> mentions(Collection<Mention> mentioned, Post about, long actorId, Instant at) {
        Set<Long> users = new LinkedHashSet<>();
        mentioned.forEach(m -> users.add(m.userId()));
        List<Contribution> all = new ArrayList<>();
        for (long user : users) {
            if (maySee(user, about)) {
                all.add(contribution(user, NotificationKind.MENTION, user, actorId, at));
            }
        }
        return all;
    }

    private boolean maySee(long viewer, Post post) {
        return access.visible(viewer, List.of(post)).contains(post.id());
    }

    private Contribution contribution(long recipient, NotificationKind kind, long target, long actor, Instant at) {
        return new Contribution(new GroupKey(recipient, rules.windowOf(at), kind, target), actor, at);
    }
}
