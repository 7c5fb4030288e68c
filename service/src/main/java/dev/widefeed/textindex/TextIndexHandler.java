package dev.widefeed.textindex;

import dev.widefeed.comment.CommentRows;
import dev.widefeed.comment.store.Comment;
import dev.widefeed.eventlog.DueWork;
import dev.widefeed.eventlog.EventLog;
import dev.widefeed.eventlog.LogEntry;
import dev.widefeed.eventlog.LogHandler;
import dev.widefeed.kernel.BestEffort;
import dev.widefeed.mention.Mention;
import dev.widefeed.post.Post;
import dev.widefeed.post.PostRows;
import dev.widefeed.topic.TopicParser;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * The event log's handler of {@code index-post} and {@code index-comment} entries, recorded before a post (or repost)
 * or a comment is written (docs/design.md, "Mentions and topics"): once the text is there, it goes into the list of
 * each topic it names (posts only) and of each user it mentions, and its topics' counters move by one. The lists are
 * idempotent; the counters are not, so the post's entry in its first topic's list, written last, is what says the
 * entry is done: a crash between the counters and it counts the post twice at worst, never loses it from a list. A
 * text never written (its request failed) ends the entry once it surely would have been. A deleted text stays in the
 * lists and is left out when read.
 */
public final class TextIndexHandler implements LogHandler {
    public static final String POST = "index-post";
    public static final String COMMENT = "index-comment";
    /** How long after its minute an entry waits for its text: far past any request's lifetime. */
    private static final Duration WAIT = Duration.ofMinutes(3);

    private final PostRows posts;
    private final CommentRows comments;
    private final TextIndexStore index;
    private final Clock clock;

    public TextIndexHandler(PostRows posts, CommentRows comments, TextIndexStore index, Clock clock) {
        this.posts = posts;
        this.comments = comments;
        this.index = index;
        this.clock = clock;
    }

    public Map<String, LogHandler> byKind() {
        return Map.of(POST, this, COMMENT, this);
    }

    /** The topic counter buckets a post written at {@code at} counts in. */
    public static Map<Duration, Instant> counterBuckets(Instant at) {
        return Map.of(
                TextIndexRules.SLOT,
                TextIndexRules.bucketOf(at, TextIndexRules.SLOT),
                TextIndexRules.HOUR,
                TextIndexRules.bucketOf(at, TextIndexRules.HOUR));
    }

    @Override
    public Work open(LogEntry entry) {
        Instant recorded = EventLog.startOf(entry.slot());
        return new Text(entry, recorded, false);
    }

    private final class Text extends DueWork {
        private final LogEntry entry;

        Text(LogEntry entry, Instant recorded, boolean done) {
            super(recorded, done);
            this.entry = entry;
        }

        @Override
        public Turn turn(int pages, BooleanSupplier keepGoing) {
            boolean indexed =
                    entry.handlerKind().equals(POST) ? indexPost(entry.subjectId()) : indexComment(entry.subjectId());
            if (indexed || clock.instant().isAfter(dueSince().plusSeconds(60).plus(WAIT))) {
                return new Turn.Worked(new Text(entry, dueSince(), true));
            }
            return new Turn.NotReady();
        }
    }

    /** Whether the post was there to index (and now is). */
    private boolean indexPost(long postId) {
        Optional<Post> found = posts.find(postId);
        if (found.isEmpty()) {
            return false;
        }
        Post post = found.get();
        Instant bucket = TextIndexRules.listBucket(post.createdAt());
        mentioned(
                post.mentioned(),
                bucket,
                new MentionEntry(post.id(), MentionEntry.Kind.POST, post.id(), post.authorId()));
        List<String> topics = TopicParser.topics(post.content());
        if (topics.isEmpty() || index.hasTopicPost(topics.get(0), bucket, post.id())) {
            return true;
        }
        BestEffort.count(
                () -> index.addTopicCounts(counterBuckets(post.createdAt()), topics, 1),
                "topic counts of post " + postId);
        List<String> rest = topics.subList(1, topics.size());
        if (!rest.isEmpty()) {
            index.addTopicPost(rest, bucket, post.id(), post.authorId());
        }
        index.addTopicPost(List.of(topics.get(0)), bucket, post.id(), post.authorId()); // last: the done mark
        return true;
    }

    private boolean indexComment(long commentId) {
        Optional<Comment> found = comments.find(commentId);
        if (found.isEmpty()) {
            return false;
        }
        Comment comment = found.get();
        mentioned(
                comment.mentioned(),
                TextIndexRules.listBucket(comment.createdAt()),
                new MentionEntry(
                        comment.id(),
                        MentionEntry.Kind.COMMENT,
                        comment.object().id(),
                        comment.authorId()));
        return true;
    }

    private void mentioned(List<Mention> mentions, Instant bucket, MentionEntry entry) {
        Set<Long> users = new LinkedHashSet<>();
        mentions.forEach(m -> users.add(m.userId()));
        users.remove(entry.authorId()); // naming oneself is no mention to list
        if (!users.isEmpty()) {
            index.addMention(users, bucket, entry);
        }
    }

    /**
     * A post was deleted: its topics' counters go down, if it was counted (a post deleted before its entry was worked
     * never was). Best effort, as every counter.
     */
    public void postDeleted(Post post) {
        List<String> topics = TopicParser.topics(post.content());
        if (!topics.isEmpty()
                && index.hasTopicPost(topics.get(0), TextIndexRules.listBucket(post.createdAt()), post.id())) {
            BestEffort.count(
                    () -> index.addTopicCounts(counterBuckets(post.createdAt()), topics, -1),
                    "topic counts of post " + post.id());
        }
    }
}
