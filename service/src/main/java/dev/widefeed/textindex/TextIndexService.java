package dev.widefeed.textindex;

import dev.widefeed.comment.CommentDetails;
import dev.widefeed.comment.CommentReader;
import dev.widefeed.kernel.DomainException;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.kernel.Ownership;
import dev.widefeed.kernel.Page;
import dev.widefeed.post.PostDetails;
import dev.widefeed.post.PostService;
import dev.widefeed.post.Since;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Topic timelines, trending topics and the mentions timeline, read (docs/design.md, "Mentions and topics"). Lists
 * hold ids only; what they name is read as any post or comment is, so a deleted text, or one the reader may not see,
 * is left out (the page may come back short; its cursor still moves on).
 */
public final class TextIndexService {
    private final TextIndexStore index;
    private final PostService posts;
    private final CommentReader comments;
    private final Clock clock;

    public TextIndexService(TextIndexStore index, PostService posts, CommentReader comments, Clock clock) {
        this.index = index;
        this.posts = posts;
        this.comments = comments;
        this.clock = clock;
    }

    /** A text that mentions me: a post, or a comment. */
    public record Mentioned(Optional<PostDetails> post, Optional<CommentDetails> comment) {}

    public Page<PostDetails, Long> topicPosts(long viewer, String topic, Optional<Long> before, int limit) {
        return topicPosts(viewer, topic, before, Since.NONE, limit);
    }

    /** The visible posts naming {@code topic} (folded), newest first, above {@code since} ({@link Since}). */
    public Page<PostDetails, Long> topicPosts(
            long viewer, String topic, Optional<Long> before, Since since, int limit) {
        long beforeId = before.orElse(Long.MAX_VALUE);
        List<Long> ids = since.above(index.topicPosts(topic, fromBucket(before), beforeId, limit + 1));
        Page<Long, Long> page = Page.of(ids, limit, id -> id);
        return new Page<>(posts.getAll(viewer, page.items()), page.next());
    }

    public Trending trending(TrendingWindow window) {
        return index.trending(window).orElse(new Trending(window, clock.instant(), List.of()));
    }

    public Page<Mentioned, Long> mentions(long me, long userId, Optional<Long> before, int limit) {
        return mentions(me, userId, before, Since.NONE, limit);
    }

    /**
     * The posts and comments that mention {@code userId}, newest first, above {@code since} ({@link Since}); only
     * they may read it.
     */
    public Page<Mentioned, Long> mentions(long me, long userId, Optional<Long> before, Since since, int limit) {
        Ownership.require(me, userId, "only they may read their mentions");
        List<MentionEntry> entries = since.above(
                index.mentions(userId, fromBucket(before), before.orElse(Long.MAX_VALUE), limit + 1),
                MentionEntry::itemId);
        Page<MentionEntry, Long> page = Page.of(entries, limit, MentionEntry::itemId);
        List<Long> postIds = page.items().stream()
                .filter(e -> e.kind() == MentionEntry.Kind.POST)
                .map(MentionEntry::itemId)
                .toList();
        Map<Long, PostDetails> visiblePosts = new HashMap<>();
        posts.getAll(me, postIds).forEach(p -> visiblePosts.put(p.post().id(), p));
        List<Mentioned> shown = new ArrayList<>();
        for (MentionEntry e : page.items()) {
            if (e.kind() == MentionEntry.Kind.POST) {
                Optional.ofNullable(visiblePosts.get(e.itemId()))
                        .ifPresent(p -> shown.add(new Mentioned(Optional.of(p), Optional.empty())));
            } else {
                try {
                    shown.add(new Mentioned(Optional.empty(), Optional.of(comments.get(me, e.itemId()))));
                } catch (DomainException gone) {
                    // deleted, or on a post I may no longer see: left out like any such comment
                }
            }
        }
        return new Page<>(shown, page.next());
    }

    /** The newest bucket a page can start in: the cursor's, or the current hour's. */
    private Instant fromBucket(Optional<Long> before) {
        Instant newest = TextIndexRules.listBucket(clock.instant());
        return before.map(IdGenerator::timeOf)
                .map(TextIndexRules::listBucket)
                .filter(b -> b.isBefore(newest))
                .orElse(newest);
    }
}
