package dev.widefeed.post;

import dev.widefeed.audience.Audience;
import dev.widefeed.audience.AudienceService;
import dev.widefeed.audience.Visibility;
import dev.widefeed.graph.ProfileCache;
import dev.widefeed.graph.User;
import dev.widefeed.graph.UserCounts;
import dev.widefeed.graph.UserStore;
import dev.widefeed.kernel.CoalescedCounts;
import dev.widefeed.kernel.CounterUpdates;
import dev.widefeed.kernel.DomainException;
import dev.widefeed.kernel.Events;
import dev.widefeed.kernel.FeatureContext;
import dev.widefeed.kernel.Futures;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.kernel.Ownership;
import dev.widefeed.kernel.Page;
import dev.widefeed.mention.MentionResolver;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.stream.Collectors;

/**
 * Posts and reposts with the counter rules of docs/design.md (Counters): a repost raises its source's {@code reposts}
 * and {@code repostsEver}; deleting it lowers {@code reposts} only; deleting an original leaves
 * its reposts, which then show the source as deleted; the author's {@code posts} count follows
 * creates and deletes. Counter updates are never retried; if one fails after the post was written
 * the request still succeeds and {@code reconcile} settles the count.
 */
public final class PostService {
    public static final int MAX_CONTENT = 2000;
    public static final int MAX_BATCH = 100;

    private final UserStore users;
    private final CounterUpdates<PostCounts> repostCounts;
    private final CounterUpdates<UserCounts> userCounts;
    private final PostStore posts;
    private final LikedPosts likes;
    private final Events events;
    private final PostAccess access;
    private final AudienceService audiences;
    private final IdGenerator ids;
    private final Clock clock;
    private final Executor reads;
    private final MentionResolver mentions;
    private final PostCache cache;
    private final ProfileCache profiles;
    private final ViewerReposts reposted;

    /**
     * @param context      its page reads: where a page's counts and likes are read beside its visibility facts (so
     *                     the page waits for the slowest of them, not their sum)
     * @param cache        post rows and counts as pages read them; {@code posts} must be the store it watches
     * @param profiles     authors' profiles as pages show them; {@code users} must be the store it watches
     * @param repostCounts where a repost or its delete sends its source's counter delta: in the request, since the
     *                     next repost's page is read from it
     * @param userCounts   where a post or delete sends its author's counter delta ({@link CoalescedCounts}: off the
     *                     request)
     */
    public PostService(
            FeatureContext context,
            UserStore users,
            PostStore posts,
            LikedPosts likes,
            PostAccess access,
            AudienceService audiences,
            PostCache cache,
            ProfileCache profiles,
            CounterUpdates<PostCounts> repostCounts,
            CounterUpdates<UserCounts> userCounts) {
        this.repostCounts = repostCounts;
        this.userCounts = userCounts;
        this.users = users;
        this.posts = posts;
        this.likes = likes;
        this.events = context.events();
        this.access = access;
        this.audiences = audiences;
        this.ids = context.ids();
        this.clock = context.clock();
        this.reads = context.pageReads();
        this.mentions = new MentionResolver(users, reads);
        this.cache = cache;
        this.profiles = profiles;
        this.reposted = new ViewerReposts(posts, cache, ViewerReposts.PAGE, ViewerReposts.MAX_PAGES);
    }

    public PostDetails create(long me, String content, Audience audience) {
        return create(ids.next(), me, content, audience);
    }

    /**
     * A new post under an id the caller took (an idempotent request's claimed id). Writing it again under the same
     * id writes the same rows (docs/ARCHITECTURE.md, append with idempotent keys).
     */
    public PostDetails create(long postId, long me, String content, Audience audience) {
        String text = checkContent(content, false);
        Post post = new Post(
                postId,
                me,
                PostType.ORIGINAL,
                text,
                clock.instant().truncatedTo(ChronoUnit.MILLIS),
                audiences.check(me, audience),
                Optional.empty(),
                mentions.held(text));
        publish(post, new PostEvent.Created(post));
        // The author as every page shows them (the profile cache): a post is not a profile's change.
        return new PostDetails(
                post,
                PostCounts.ZERO,
                false,
                false,
                Optional.empty(),
                Optional.ofNullable(profiles.findAll(List.of(me)).get(me)));
    }

    public PostDetails repost(long me, long sourceId, String content, Audience audience) {
        return repost(ids.next(), me, sourceId, content, audience);
    }

    /** A repost under an id the caller took, as {@link #create(long, long, String, Audience)}. */
    public PostDetails repost(long repostId, long me, long sourceId, String content, Audience audience) {
        Post source = access.require(me, sourceId); // what I cannot see, I cannot repost
        String text = checkContent(content, true);
        Post repost = new Post(
                repostId,
                me,
                PostType.REPOST,
                text,
                clock.instant().truncatedTo(ChronoUnit.MILLIS),
                audiences.check(me, audience),
                Optional.of(source.id()),
                mentions.held(text),
                Optional.of(source.rootOrSelf()));
        publish(repost, new PostEvent.Reposted(repost));
        repostCounts.add(source.id(), PostCounts.repostAdded(), repost.createdAt());
        return get(me, repost.id());
    }

    /** The post, if it exists and the viewer may see it (an idempotent request's earlier answer). */
    public Optional<PostDetails> find(long viewer, long postId) {
        return getAll(viewer, List.of(postId)).stream().findFirst();
    }

    public PostDetails get(long viewer, long postId) {
        List<PostDetails> found = getAll(viewer, List.of(postId));
        if (found.isEmpty()) {
            throw DomainException.notFound("no post " + postId);
        }
        return found.get(0);
    }

    /**
     * The posts among {@code postIds} that exist and the viewer may see, in the order asked,
     * duplicates once. A repost the viewer sees embeds the original its chain leads to (its root), only if the
     * viewer may see that too; otherwise the source shows as deleted, which is all a stranger to it may learn. Costs a
     * fixed number of concurrent rounds whatever the count: posts, their sources, then who may see
     * them, their counts, likes and authors' profiles at once (those of a post the viewer may not see
     * are read and dropped: a few reads more instead of two rounds more).
     */
    public List<PostDetails> getAll(long viewer, List<Long> postIds) {
        if (postIds.size() > MAX_BATCH) {
            throw DomainException.invalid("at most " + MAX_BATCH + " ids");
        }
        Set<Long> asked = new LinkedHashSet<>(postIds);
        Map<Long, Post> found = new HashMap<>(cache.findAll(asked));
        Set<Long> sourceIds = new HashSet<>();
        found.values()
                .forEach(p -> p.root().filter(id -> !found.containsKey(id)).ifPresent(sourceIds::add));
        if (!sourceIds.isEmpty()) {
            found.putAll(cache.findAll(sourceIds));
        }
        Set<Long> candidates = Set.copyOf(found.keySet());
        Set<Long> authorIds = found.values().stream().map(Post::authorId).collect(Collectors.toSet());
        CompletableFuture<Map<Long, PostCounts>> countsRead =
                CompletableFuture.supplyAsync(() -> cache.countsOf(candidates), reads);
        CompletableFuture<Set<Long>> likedRead =
                CompletableFuture.supplyAsync(() -> likes.likedAmong(viewer, candidates), reads);
        CompletableFuture<Set<Long>> repostedRead =
                CompletableFuture.supplyAsync(() -> reposted.repostedAmong(viewer, candidates), reads);
        CompletableFuture<Map<Long, User>> authorsRead =
                CompletableFuture.supplyAsync(() -> profiles.findAll(authorIds), reads);
        Set<Long> visible = access.visible(viewer, found.values());
        found.keySet().retainAll(visible);
        Map<Long, PostCounts> counts = Futures.join(countsRead);
        Set<Long> liked = Futures.join(likedRead);
        Set<Long> repostedByViewer = Futures.join(repostedRead);
        Map<Long, User> authors = Futures.join(authorsRead);
        List<PostDetails> details = new ArrayList<>(asked.size());
        for (long id : asked) {
            Post post = found.get(id);
            if (post != null) {
                Optional<PostDetails.Source> source = post.root().map(sourceId -> {
                    Post original = found.get(sourceId);
                    return original == null
                            ? new PostDetails.Source.Deleted(sourceId)
                            : new PostDetails.Source.Present(new PostDetails(
                                    original,
                                    counts.get(sourceId),
                                    liked.contains(sourceId),
                                    repostedByViewer.contains(sourceId),
                                    Optional.empty(),
                                    Optional.ofNullable(authors.get(original.authorId()))));
                });
                details.add(new PostDetails(
                        post,
                        counts.get(id),
                        liked.contains(id),
                        repostedByViewer.contains(id),
                        source,
                        Optional.ofNullable(authors.get(post.authorId()))));
            }
        }
        return details;
    }

    /**
     * The author's posts that the viewer may see, newest first, strictly older than
     * {@code beforeId}: the page's ids come from the author's list, the posts from one batch read,
     * so a round costs the same few reads whatever its size; ids that yield nothing (deleted, or
     * not for this viewer) are made up from further down the list ({@link PageFill}). A viewer the
     * author blocked sees none of them. Only posts above {@code since}, if bounded ({@link Since}).
     */
    public Page<PostDetails, Long> byAuthor(long viewer, long authorId, Optional<Long> beforeId, int limit) {
        return byAuthor(viewer, authorId, beforeId, Since.NONE, limit);
    }

    public Page<PostDetails, Long> byAuthor(
            long viewer, long authorId, Optional<Long> beforeId, Since since, int limit) {
        if (users.find(authorId).isEmpty()) {
            throw DomainException.notFound("no user " + authorId);
        }
        if (audiences.blocked(authorId, viewer)) {
            return new Page<>(List.of(), Optional.empty());
        }
        return PageFill.fill(
                limit,
                beforeId,
                since,
                (before, n) -> posts.postIdsByAuthor(authorId, before, n),
                ids -> getAll(viewer, ids));
    }

    /**
     * Fixed page {@code page} (from 1) of the post's reposts that the viewer may see, oldest first
     * ({@link RepostPages}); 404 for a post the viewer may not see.
     */
    public RepostPage reposts(long viewer, long postId, int page) {
        RepostPages.check(page);
        access.require(viewer, postId);
        long pages = RepostPages.pages(posts.counts(postId).repostsEver());
        List<Long> ids = page > pages ? List.of() : posts.repostIdsOnPage(postId, page);
        return new RepostPage(
                page, RepostPages.PAGE_SIZE, pages, getAll(viewer, ids.subList(0, Math.min(ids.size(), MAX_BATCH))));
    }

    /**
     * The post's reposts that the viewer may see, newest first, strictly older than {@code beforeId}; 404 for a post the
     * viewer may not see. Made up from further down the list as {@link #byAuthor} is.
     */
    public Page<PostDetails, Long> repostsNewestFirst(long viewer, long postId, Optional<Long> beforeId, int limit) {
        access.require(viewer, postId);
        return PageFill.fill(
                limit,
                beforeId,
                Since.NONE,
                (before, n) -> posts.repostIds(postId, before, n),
                ids -> getAll(viewer, ids));
    }

    /**
     * My newest live repost of the source, found in my own list among my posts since the source was written, at most
     * the latest thousand of them (docs/design.md, "Posts and reposts").
     */
    public Optional<Long> myRepostOf(long me, long sourceId) {
        return reposted.repostOf(me, sourceId);
    }

    /** For the post's author: whether {@code userId} sees the post, and which rule decided it. */
    public Visibility.Decision explain(long me, long postId, long userId) {
        Post post = access.require(me, postId);
        Ownership.require(me, post.authorId(), "only its author asks who sees a post");
        if (users.find(userId).isEmpty()) {
            throw DomainException.notFound("no user " + userId);
        }
        return access.decide(userId, List.of(post)).get(post);
    }

    public void delete(long me, long postId) {
        Post post = access.require(me, postId); // 404, not 403, for a post I may not see
        Ownership.require(me, post.authorId(), "only its author can delete a post");
        // Recorded first, like a creation: what must follow a delete (retracting it from home
        // timelines) is known before the post is gone.
        PostEvent.Deleted deleted = new PostEvent.Deleted(post);
        events.record(deleted);
        Instant at =
                clock.instant(); // before the row goes, as a change's time is (docs/design.md, "Counters that heal")
        if (!posts.delete(post)) {
            return; // a concurrent delete of the same post got there first and lowers the counts
        }
        userCounts.add(me, new UserCounts(-1, 0, 0), at);
        post.repostOf().ifPresent(source -> repostCounts.add(source, PostCounts.repostRemoved(), at));
        events.publish(deleted);
    }

    /**
     * Records the event first (its durable log holds the post's delivery), then writes the post, so
     * no post exists whose fan-out nobody knows about (a delivery whose post never got written ends
     * by itself); then tells the listeners, outside of which nothing of the home timelines happens here.
     */
    private void publish(Post post, PostEvent event) {
        events.record(event);
        posts.create(post);
        userCounts.add(post.authorId(), new UserCounts(1, 0, 0), post.createdAt());
        events.publish(event);
    }

    /** Content rules: 1..2000 characters (a repost may be empty), no control characters but line breaks and tabs. */
    public static String checkContent(String content, boolean mayBeEmpty) {
        String text = content == null ? "" : content;
        if (text.isBlank() && !mayBeEmpty) {
            throw DomainException.invalid("content must not be empty");
        }
        if (text.codePointCount(0, text.length()) > MAX_CONTENT) {
            throw DomainException.invalid("content must be at most " + MAX_CONTENT + " characters");
        }
        if (text.chars().anyMatch(c -> Character.isISOControl(c) && c != '\n' && c != '\r' && c != '\t')) {
            throw DomainException.invalid("content must not contain control characters");
        }
        return text;
    }
}
