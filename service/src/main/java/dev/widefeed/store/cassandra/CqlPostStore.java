package dev.widefeed.store.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.post.AuthorListEntry;
import dev.widefeed.post.Post;
import dev.widefeed.post.PostCounts;
import dev.widefeed.post.PostStore;
import dev.widefeed.post.PostType;
import dev.widefeed.post.RepostPages;
import dev.widefeed.store.AudienceJson;
import dev.widefeed.store.BoundedAsync;
import dev.widefeed.store.BucketWalk;
import dev.widefeed.store.cassandra.rows.CqlMentions;
import dev.widefeed.store.cassandra.rows.CqlReads;
import dev.widefeed.store.cassandra.rows.CqlWrites;
import dev.widefeed.store.cassandra.rows.ListBuckets;
import dev.widefeed.store.cassandra.setup.CqlCounterWrites;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongConsumer;

/**
 * Posts in {@code posts_by_id}, counters in {@code post_counts_by_id}, each author's posts in
 * {@code posts_by_author} (a partition per year) and each post's reposts in the bucketed
 * {@code reposts_by_post}.
 */
final class CqlPostStore implements PostStore {
    private final Clock clock;
    private static final int FIRST_YEAR =
            IdGenerator.EPOCH.atZone(ZoneOffset.UTC).getYear();

    private final CqlSession session;
    private final BoundedAsync async;
    private final ListBuckets repostBuckets;
    private final PreparedStatement insertPost;
    private final PreparedStatement selectPost;
    private final PreparedStatement deletePostIfExists;
    private final PreparedStatement insertByAuthor;
    private final PreparedStatement deleteByAuthor;
    private final PreparedStatement selectByAuthor;
    private final PreparedStatement selectByAuthorBefore;
    private final PreparedStatement selectEntriesByAuthor;
    private final PreparedStatement insertRepost;
    private final PreparedStatement deleteRepost;
    private final PreparedStatement selectReposts;
    private final PreparedStatement selectRepostsBefore;
    private final PreparedStatement selectCounts;
    private final PreparedStatement selectRepostPage;
    private final PreparedStatement insertOnPage;
    private final PreparedStatement deleteOnPage;
    private final PreparedStatement selectOnPage;
    private final PreparedStatement deletePage;
    private final PreparedStatement deleteRepostBucket;
    private final PreparedStatement deleteCounts;
    private final PreparedStatement addCounts;

    CqlPostStore(CqlSession session, int bucketSize, BoundedAsync async, Clock clock) {
        this.clock = clock;
        this.session = session;
        this.async = async;
        this.repostBuckets = new ListBuckets(session, "reposts", bucketSize, clock);
        insertPost = session.prepare("INSERT INTO posts_by_id (post_id, author_id, type, content, created_at, "
                + "audience, repost_of, mentions, root_id, repost_page) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
        selectRepostPage = session.prepare("SELECT repost_page FROM posts_by_id WHERE post_id = ?");
        insertOnPage = session.prepare("INSERT INTO reposts_by_post_page (post_id, page, repost_id) VALUES (?, ?, ?)");
        deleteOnPage = session.prepare(
                "DELETE FROM reposts_by_post_page WHERE post_id = ? AND page = ? " + "AND repost_id = ?");
        deletePage = session.prepare("DELETE FROM reposts_by_post_page WHERE post_id = ? AND page = ?");
        deleteRepostBucket = session.prepare("DELETE FROM reposts_by_post WHERE post_id = ? AND bucket = ?");
        deleteCounts = session.prepare("DELETE FROM post_counts_by_id WHERE post_id = ?");
        selectOnPage = session.prepare(
                "SELECT repost_id FROM reposts_by_post_page WHERE post_id = ? AND page = ? " + "LIMIT 200");
        selectPost = session.prepare("SELECT post_id, author_id, type, content, created_at, audience, repost_of, "
                + "mentions, root_id FROM posts_by_id WHERE post_id = ?");
        deletePostIfExists = session.prepare("DELETE FROM posts_by_id WHERE post_id = ? IF EXISTS");
        insertByAuthor = session.prepare(
                "INSERT INTO posts_by_author (author_id, year, post_id, repost_of) VALUES (?, ?, ?, ?)");
        deleteByAuthor =
                session.prepare("DELETE FROM posts_by_author WHERE author_id = ? AND year = ? AND post_id = ?");
        selectByAuthor =
                session.prepare("SELECT post_id FROM posts_by_author WHERE author_id = ? AND year = ? LIMIT ?");
        selectByAuthorBefore = session.prepare(
                "SELECT post_id FROM posts_by_author " + "WHERE author_id = ? AND year = ? AND post_id < ? LIMIT ?");
        selectEntriesByAuthor = session.prepare("SELECT post_id, repost_of FROM posts_by_author "
                + "WHERE author_id = ? AND year = ? AND post_id < ? AND post_id > ? LIMIT ?");
        insertRepost = session.prepare("INSERT INTO reposts_by_post (post_id, bucket, repost_id) VALUES (?, ?, ?)");
        deleteRepost =
                session.prepare("DELETE FROM reposts_by_post WHERE post_id = ? AND bucket = ? AND repost_id = ?");
        selectReposts =
                session.prepare("SELECT repost_id FROM reposts_by_post WHERE post_id = ? AND bucket = ? LIMIT ?");
        selectRepostsBefore = session.prepare("SELECT repost_id FROM reposts_by_post "
                + "WHERE post_id = ? AND bucket = ? AND repost_id < ? LIMIT ?");
        selectCounts = session.prepare("SELECT likes, comments, comments_ever, reposts, reposts_ever "
                + "FROM post_counts_by_id WHERE post_id = ?");
        addCounts = CqlCounterWrites.prepare(
                session,
                "UPDATE post_counts_by_id SET likes = likes + ?, comments = comments + ?, "
                        + "comments_ever = comments_ever + ?, reposts = reposts + ?, reposts_ever = reposts_ever + ? "
                        + "WHERE post_id = ?");
    }

    @Override
    public void create(Post post) {
        BoundStatement insert = insertPost.bind(
                post.id(),
                post.authorId(),
                post.type().json(),
                post.content(),
                post.createdAt(),
                AudienceJson.write(post.audience()),
                post.repostOf().orElse(null),
                CqlMentions.write(post.mentions()),
                post.root().orElse(null),
                null);
        if (post.mentions().isEmpty()) {
            insert = insert.unset("mentions"); // an empty collection would be written as a tombstone
        }
        if (post.root().isEmpty()) {
            insert = insert.unset("repost_of").unset("root_id").unset("repost_page"); // an original has none
        }
        List<BoundStatement> onLists = new ArrayList<>();
        if (post.repostOf().isPresent()) {
            long source = post.repostOf().get();
            long ever = counts(source).repostsEver();
            repostBuckets.openNextIfFull(source, ever);
            int page = repostPage(post.id()).orElse(RepostPages.pageFor(ever)); // written before: kept
            insert = insert.setInt("repost_page", page);
            onLists.add(insertRepost.bind(source, repostBucket(source, post.id()), post.id()));
            onLists.add(insertOnPage.bind(source, page, post.id()));
        }
        // An original's entry says 0, so that an entry without the column is known to be one written before V032.
        onLists.add(insertByAuthor.bind(
                post.authorId(), yearOf(post.id()), post.id(), post.repostOf().orElse(0L)));
        // The list entries first, the post's row last, as on HBase: a failure or a crash in between leaves entries
        // whose post is missing, which every reader skips (as it skips a deleted post's), never a post missing from
        // its lists; a repeated write (the same id, under an Idempotency-Key) writes the same rows. Not a logged
        // batch, whose all-or-none readers would not see anyway, and whose batchlog failed every post from one
        // node's death until the others convicted it (CqlWrites; docs/design.md, "Posts and reposts").
        CqlWrites.writeAll(session, onLists);
        session.execute(insert.setIdempotent(true));
    }

    @Override
    public Optional<Post> find(long postId) {
        return Optional.ofNullable(session.execute(selectPost.bind(postId).setIdempotent(true))
                        .one())
                .map(CqlPostStore::post);
    }

    @Override
    public Map<Long, Post> findAll(Collection<Long> postIds) {
        Map<Long, Post> found = new HashMap<>();
        CqlReads.readAll(session, postIds, id -> selectPost.bind(id)).forEach((id, row) -> {
            if (row != null) {
                found.put(id, post(row));
            }
        });
        return found;
    }

    @Override
    public boolean delete(Post post) {
        Optional<Integer> page = post.repostOf().isPresent() ? repostPage(post.id()) : Optional.empty();
        if (!session.execute(deletePostIfExists.bind(post.id()).setIdempotent(false))
                .wasApplied()) {
            return false;
        }
        // The row is gone, so its entries are skipped by every reader already: they go each on its own, not in a
        // logged batch (see create).
        List<BoundStatement> entries = new ArrayList<>();
        entries.add(deleteByAuthor.bind(post.authorId(), yearOf(post.id()), post.id()));
        post.repostOf()
                .ifPresent(
                        source -> entries.add(deleteRepost.bind(source, repostBucket(source, post.id()), post.id())));
        post.repostOf().ifPresent(source -> page.ifPresent(p -> entries.add(deleteOnPage.bind(source, p, post.id()))));
        CqlWrites.writeAll(session, entries);
        return true;
    }

    @Override
    public PostCounts counts(long postId) {
        return counts(
                session.execute(selectCounts.bind(postId).setIdempotent(true)).one());
    }

    @Override
    public Map<Long, PostCounts> countsOf(Collection<Long> postIds) {
        Map<Long, PostCounts> counts = new HashMap<>();
        CqlReads.readAll(session, postIds, id -> selectCounts.bind(id))
                .forEach((id, row) -> counts.put(id, counts(row)));
        return counts;
    }

    @Override
    public void addCounts(long postId, PostCounts delta) {
        if (!delta.isZero()) {
            session.execute(addCounts
                    .bind(
                            delta.likes(),
                            delta.comments(),
                            delta.commentsEver(),
                            delta.reposts(),
                            delta.repostsEver(),
                            postId)
                    .setIdempotent(false));
        }
    }

    /** The same read chain as {@link #postIdsByAuthors}, for one author. */
    @Override
    public List<Long> postIdsByAuthor(long authorId, Optional<Long> beforeId, int limit) {
        int newestYear = newestYear(beforeId);
        return idsByAuthorFrom(authorId, newestYear, newestYear, beforeId, limit, new ArrayList<>())
                .toCompletableFuture()
                .join();
    }

    /**
     * One read chain per author, at most {@code maxInFlight} authors at once: within a chain the years
     * are read one after another, newest first, and only as far back as the author's limit needs
     * (usually the current year alone).
     */
    @Override
    public Map<Long, List<Long>> postIdsByAuthors(Collection<Long> authorIds, Optional<Long> beforeId, int limitEach) {
        Map<Long, List<Long>> ids = new ConcurrentHashMap<>();
        int newestYear = newestYear(beforeId);
        async.runAll(
                authorIds.stream().distinct().toList(),
                author -> idsByAuthorFrom(author, newestYear, newestYear, beforeId, limitEach, new ArrayList<>())
                        .thenAccept(found -> ids.put(author, found)));
        return ids;
    }

    private CompletionStage<List<Long>> idsByAuthorFrom(
            long authorId, int year, int newestYear, Optional<Long> beforeId, int limit, List<Long> ids) {
        if (year < oldestYearOf(authorId) || ids.size() >= limit) {
            return CompletableFuture.completedFuture(ids);
        }
        int want = limit - ids.size();
        BoundStatement query = year == newestYear && beforeId.isPresent()
                ? selectByAuthorBefore.bind(authorId, year, beforeId.get(), want)
                : selectByAuthor.bind(authorId, year, want);
        return CqlReads.allRows(session.executeAsync(query.setIdempotent(true)), row -> row.getLong(0), ids)
                .thenCompose(found -> idsByAuthorFrom(authorId, year - 1, newestYear, beforeId, limit, found));
    }

    /** One read per year from the newest the range can hold back to {@code afterId}'s, as far as the limit needs. */
    @Override
    public List<AuthorListEntry> entriesByAuthor(long authorId, Optional<Long> beforeId, long afterId, int limit) {
        List<AuthorListEntry> entries = new ArrayList<>();
        int oldestYear = Math.max(oldestYearOf(authorId), yearOf(afterId));
        for (int year = newestYear(beforeId); year >= oldestYear && entries.size() < limit; year--) {
            BoundStatement query = selectEntriesByAuthor.bind(
                    authorId, year, beforeId.orElse(Long.MAX_VALUE), afterId, limit - entries.size());
            for (Row row : session.execute(query.setIdempotent(true))) {
                long postId = row.getLong(0);
                entries.add(
                        row.isNull(1)
                                ? AuthorListEntry.unsaid(postId)
                                : row.getLong(1) == 0
                                        ? AuthorListEntry.original(postId)
                                        : AuthorListEntry.repost(postId, row.getLong(1)));
            }
        }
        return entries;
    }

    /**
     * The year of an author's oldest posts: none is older than its author, whose id is taken at sign-up (docs/design.md,
     * "Posts and reposts"), so a read of a new author's list stops at their first year instead of walking every year since the
     * epoch's. Ids not taken by the service (a loaded workload's, far below) start at the epoch's year.
     */
    private static int oldestYearOf(long authorId) {
        return Math.max(FIRST_YEAR, yearOf(authorId));
    }

    /** The year of the newest posts a list read below {@code beforeId} can find. */
    private int newestYear(Optional<Long> beforeId) {
        int thisYear = clock.instant().atZone(ZoneOffset.UTC).getYear();
        // No post is newer than now: a cursor naming a future id starts from this year, not from 2090.
        return Math.min(thisYear, beforeId.map(CqlPostStore::yearOf).orElse(thisYear));
    }

    @Override
    public List<Long> repostIds(long sourceId, Optional<Long> beforeId, int limit) {
        return BucketWalk.page(
                repostBuckets.pageFrom(sourceId, beforeId.map(IdGenerator::timeOf)), limit, (bucket, first, want) -> {
                    BoundStatement query = first && beforeId.isPresent()
                            ? selectRepostsBefore.bind(sourceId, bucket, beforeId.get(), want)
                            : selectReposts.bind(sourceId, bucket, want);
                    return session.execute(query.setIdempotent(true)).map(row -> row.getLong(0));
                });
    }

    @Override
    public void purge(long postId) {
        long pages = RepostPages.pages(counts(postId).repostsEver());
        for (int page = 1; page <= pages + 1; page++) { // one more: reposts written together may have read a count
            session.execute(deletePage.bind(postId, page).setIdempotent(true));
        }
        for (ListBuckets.Bucket bucket : repostBuckets.buckets(postId)) {
            session.execute(deleteRepostBucket.bind(postId, bucket.number()).setIdempotent(true));
        }
        repostBuckets.forget(postId);
        // Last: the count of reposts says how many pages to delete. A counter row, once deleted, is never counted
        // again.
        session.execute(deleteCounts.bind(postId).setIdempotent(true));
    }

    @Override
    public List<Long> repostIdsOnPage(long sourceId, int page) {
        List<Long> ids = new ArrayList<>();
        session.execute(selectOnPage.bind(sourceId, page).setIdempotent(true)).forEach(r -> ids.add(r.getLong(0)));
        return ids;
    }

    /** The page a repost was put on, if it was written (with one: reposts written before pages were kept have none). */
    private Optional<Integer> repostPage(long repostId) {
        Row row = session.execute(selectRepostPage.bind(repostId).setIdempotent(true))
                .one();
        return row == null || row.isNull(0) ? Optional.empty() : Optional.of(row.getInt(0));
    }

    private int repostBucket(long sourceId, long repostId) {
        return repostBuckets.bucketFor(sourceId, IdGenerator.timeOf(repostId));
    }

    private static int yearOf(long postId) {
        return IdGenerator.timeOf(postId).atZone(ZoneOffset.UTC).getYear();
    }

    private static Post post(Row row) {
        long repostOf = row.getLong("repost_of");
        long root = row.getLong("root_id");
        return new Post(
                row.getLong("post_id"),
                row.getLong("author_id"),
                PostType.valueOf(row.getString("type").toUpperCase(Locale.ROOT)),
                row.getString("content"),
                row.getInstant("created_at"),
                AudienceJson.read(row.getString("audience")),
                row.isNull("repost_of") ? Optional.empty() : Optional.of(repostOf),
                CqlMentions.read(row),
                // a repost written before roots were kept was one of an original (docs/design.md, "Posts and reposts")
                row.isNull("repost_of") ? Optional.empty() : Optional.of(row.isNull("root_id") ? repostOf : root));
    }

    private static PostCounts counts(Row row) {
        return row == null
                ? PostCounts.ZERO
                : new PostCounts(row.getLong(0), row.getLong(1), row.getLong(2), row.getLong(3), row.getLong(4));
    }

    @Override
    public void scanIds(LongConsumer consumer) {
        // A full-table read: the driver pages through it, one page in memory at a time.
        for (Row row : session.execute(SimpleStatement.newInstance("SELECT post_id FROM posts_by_id")
                .setPageSize(5000)
                .setIdempotent(true))) {
            consumer.accept(row.getLong(0));
        }
    }
}
