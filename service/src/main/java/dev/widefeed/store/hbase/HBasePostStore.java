package dev.widefeed.store.hbase;

import dev.widefeed.audience.Audience;
import dev.widefeed.post.AuthorListEntry;
import dev.widefeed.post.Post;
import dev.widefeed.post.PostCounts;
import dev.widefeed.post.PostStore;
import dev.widefeed.post.PostType;
import dev.widefeed.post.RepostPages;
import dev.widefeed.store.AudienceJson;
import dev.widefeed.store.BoundedAsync;
import dev.widefeed.store.hbase.layout.HBaseTables;
import dev.widefeed.store.hbase.layout.Salt;
import dev.widefeed.store.hbase.rows.HBaseMentions;
import dev.widefeed.store.hbase.rows.IdList;
import dev.widefeed.store.hbase.rows.RowDeletes;
import dev.widefeed.store.hbase.rows.TableScans;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongConsumer;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Posts in {@code posts} (family p the post, family c its counters, changed only by
 * {@link Increment}), each author's posts in {@code posts_by_author} and each post's reposts in
 * {@code reposts_by_post}, both {@link IdList}s.
 */
final class HBasePostStore implements PostStore {
    private static final byte[] POST = Bytes.toBytes("p");
    private static final byte[] AUTHOR = Bytes.toBytes("author_id");
    private static final byte[] TYPE = Bytes.toBytes("type");
    private static final byte[] CONTENT = Bytes.toBytes("content");
    private static final byte[] CREATED_AT = Bytes.toBytes("created_at");
    private static final byte[] AUDIENCE = Bytes.toBytes("audience");
    private static final byte[] REPOST_OF = Bytes.toBytes("repost_of");
    private static final byte[] ROOT = Bytes.toBytes("root_id");
    private static final byte[] REPOST_PAGE = Bytes.toBytes("repost_page");
    private static final byte[] PAGE_FAMILY = Bytes.toBytes("f");
    private static final byte[] EMPTY = new byte[0];
    private static final byte[] COUNTS = Bytes.toBytes("c");
    private static final byte[] LIKES = Bytes.toBytes("likes");
    private static final byte[] COMMENTS = Bytes.toBytes("comments");
    private static final byte[] COMMENTS_EVER = Bytes.toBytes("comments_ever");
    private static final byte[] REPOSTS = Bytes.toBytes("reposts");
    private static final byte[] REPOSTS_EVER = Bytes.toBytes("reposts_ever");
    /**
     * Author scans in flight at once in {@link #postIdsByAuthors}: each is one small RPC, so many
     * can be outstanding, yet a reader following thousands must not queue thousands on the servers.
     */
    private static final int SCANS_IN_FLIGHT = 128;

    private final AsyncTable<AdvancedScanResultConsumer> posts;
    /** Without client retries: a retried delete that applied the first time would report "not found". */
    private final AsyncTable<AdvancedScanResultConsumer> postsOnce;

    private final Salt salt;
    private final IdList byAuthor;
    private final IdList reposts;
    private final AsyncTable<AdvancedScanResultConsumer> repostPages;
    private final Salt repostPageSalt;
    private final BoundedAsync scans = new BoundedAsync(SCANS_IN_FLIGHT);

    HBasePostStore(AsyncConnection connection, String namespace, HBaseTables declared) {
        this.posts = connection.getTable(TableName.valueOf(namespace, "posts"));
        this.postsOnce = connection
                .getTableBuilder(TableName.valueOf(namespace, "posts"))
                .setMaxAttempts(1)
                .build();
        this.salt = Salt.of(declared.table("posts"));
        this.byAuthor = new IdList(
                connection.getTable(TableName.valueOf(namespace, "posts_by_author")),
                Salt.of(declared.table("posts_by_author")));
        this.reposts = new IdList(
                connection.getTable(TableName.valueOf(namespace, "reposts_by_post")),
                Salt.of(declared.table("reposts_by_post")));
        this.repostPages = connection.getTable(TableName.valueOf(namespace, "reposts_by_post_page"));
        this.repostPageSalt = Salt.of(declared.table("reposts_by_post_page"));
    }

    @Override
    public void create(Post post) {
        Put put = new Put(row(post.id()))
                .addColumn(POST, AUTHOR, Bytes.toBytes(post.authorId()))
                .addColumn(POST, TYPE, Bytes.toBytes(post.type().json()))
                .addColumn(POST, CONTENT, Bytes.toBytes(post.content()))
                .addColumn(POST, CREATED_AT, Bytes.toBytes(post.createdAt().toEpochMilli()))
                .addColumn(POST, AUDIENCE, Bytes.toBytes(AudienceJson.write(post.audience())));
        post.repostOf().ifPresent(source -> put.addColumn(POST, REPOST_OF, Bytes.toBytes(source)));
        post.root().ifPresent(root -> put.addColumn(POST, ROOT, Bytes.toBytes(root)));
        Optional<Integer> page = post.repostOf()
                .map(source -> repostPage(post.id())
                        .orElseGet(() -> RepostPages.pageFor(counts(source).repostsEver()))); // written before: kept
        page.ifPresent(p -> put.addColumn(POST, REPOST_PAGE, Bytes.toBytes(p)));
        HBaseMentions.write(put, POST, post.mentions());
        // List entries first: a crash in between leaves an entry whose post is missing, which
        // readers skip, never a post missing from its lists.
        List<CompletableFuture<Void>> entries = new ArrayList<>();
        // An original's entry holds 0, so that an empty one is known to be an entry written before V032.
        entries.add(byAuthor.table()
                .put(byAuthor.add(
                        post.authorId(),
                        post.id(),
                        Bytes.toBytes(post.repostOf().orElse(0L)))));
        post.repostOf().ifPresent(source -> entries.add(reposts.table().put(reposts.add(source, post.id()))));
        post.repostOf()
                .ifPresent(source -> entries.add(repostPages.put(
                        new Put(pageRow(source, page.get(), post.id())).addColumn(PAGE_FAMILY, EMPTY, EMPTY))));
        CompletableFuture.allOf(entries.toArray(CompletableFuture[]::new)).join();
        posts.put(put).join();
    }

    @Override
    public Optional<Post> find(long postId) {
        return post(postId, posts.get(new Get(row(postId)).addFamily(POST)).join());
    }

    @Override
    public Map<Long, Post> findAll(Collection<Long> postIds) {
        Map<Long, Post> found = new HashMap<>();
        getAll(postIds, POST).forEach((id, result) -> post(id, result).ifPresent(p -> found.put(id, p)));
        return found;
    }

    @Override
    public boolean delete(Post post) {
        Optional<Integer> page = post.repostOf().isPresent() ? repostPage(post.id()) : Optional.empty();
        // Only while the row still names its author, i.e. exists: of concurrent deletes one succeeds.
        CheckAndMutate delete = CheckAndMutate.newBuilder(row(post.id()))
                .ifEquals(POST, AUTHOR, Bytes.toBytes(post.authorId()))
                .build(new Delete(row(post.id())));
        if (!postsOnce.checkAndMutate(delete).join().isSuccess()) {
            return false;
        }
        List<CompletableFuture<Void>> entries = new ArrayList<>();
        entries.add(byAuthor.table().delete(byAuthor.remove(post.authorId(), post.id())));
        post.repostOf().ifPresent(source -> entries.add(reposts.table().delete(reposts.remove(source, post.id()))));
        post.repostOf()
                .ifPresent(source -> page.ifPresent(
                        p -> entries.add(repostPages.delete(new Delete(pageRow(source, p, post.id()))))));
        CompletableFuture.allOf(entries.toArray(CompletableFuture[]::new)).join();
        return true;
    }

    @Override
    public PostCounts counts(long postId) {
        return counts(posts.get(new Get(row(postId)).addFamily(COUNTS)).join());
    }

    @Override
    public Map<Long, PostCounts> countsOf(Collection<Long> postIds) {
        Map<Long, PostCounts> counts = new HashMap<>();
        getAll(postIds, COUNTS).forEach((id, result) -> counts.put(id, counts(result)));
        return counts;
    }

    @Override
    public void addCounts(long postId, PostCounts delta) {
        if (delta.isZero()) {
            return;
        }
        Increment increment = new Increment(row(postId));
        increment.setReturnResults(false);
        add(increment, LIKES, delta.likes());
        add(increment, COMMENTS, delta.comments());
        add(increment, COMMENTS_EVER, delta.commentsEver());
        add(increment, REPOSTS, delta.reposts());
        add(increment, REPOSTS_EVER, delta.repostsEver());
        posts.increment(increment).join();
    }

    @Override
    public List<Long> postIdsByAuthor(long authorId, Optional<Long> beforeId, int limit) {
        return byAuthor.page(authorId, beforeId, limit);
    }

    /** One bounded scan, stopping at {@code afterId}'s row: entries are keyed newest first. */
    @Override
    public List<AuthorListEntry> entriesByAuthor(long authorId, Optional<Long> beforeId, long afterId, int limit) {
        Scan scan = byAuthor.scan(authorId, beforeId, limit)
                .withStopRow(byAuthor.row(authorId, afterId), false)
                .addFamily(IdList.family());
        List<AuthorListEntry> entries = new ArrayList<>();
        for (Result row : byAuthor.table().scanAll(scan).join()) {
            long postId = IdList.idOf(row.getRow());
            byte[] value = IdList.valueOf(row);
            entries.add(
                    value.length == 0
                            ? AuthorListEntry.unsaid(postId)
                            : Bytes.toLong(value) == 0
                                    ? AuthorListEntry.original(postId)
                                    : AuthorListEntry.repost(postId, Bytes.toLong(value)));
        }
        return entries;
    }

    /** One bounded scan per author, up to {@link #SCANS_IN_FLIGHT} at once. */
    @Override
    public Map<Long, List<Long>> postIdsByAuthors(Collection<Long> authorIds, Optional<Long> beforeId, int limitEach) {
        if (limitEach < 0) {
            throw new IllegalArgumentException("limitEach must not be negative");
        }
        List<Long> authors = authorIds.stream().distinct().toList();
        Map<Long, List<Long>> ids = new ConcurrentHashMap<>();
        if (limitEach == 0) {
            authors.forEach(author -> ids.put(author, List.of()));
        } else {
            scans.runAll(
                    authors,
                    author ->
                            byAuthor.pageAsync(author, beforeId, limitEach).thenAccept(page -> ids.put(author, page)));
        }
        return new HashMap<>(ids);
    }

    @Override
    public List<Long> repostIds(long sourceId, Optional<Long> beforeId, int limit) {
        return reposts.page(sourceId, beforeId, limit);
    }

    /** One multi-get: the client groups the gets by region server, one RPC each. */
    private Map<Long, Result> getAll(Collection<Long> postIds, byte[] family) {
        List<Long> ids = List.copyOf(postIds);
        List<Get> gets =
                ids.stream().map(id -> new Get(row(id)).addFamily(family)).toList();
        List<Result> results = ids.isEmpty() ? List.of() : posts.getAll(gets).join();
        Map<Long, Result> byId = new HashMap<>();
        for (int i = 0; i < ids.size(); i++) {
            byId.put(ids.get(i), results.get(i));
        }
        return byId;
    }

    private static void add(Increment increment, byte[] column, long amount) {
        if (amount != 0) {
            increment.addColumn(COUNTS, column, amount);
        }
    }

    @Override
    public void purge(long postId) {
        RowDeletes.withPrefix(reposts.table(), reposts.prefix(postId));
        RowDeletes.withPrefix(
                repostPages,
                ByteBuffer.allocate(1 + Long.BYTES)
                        .put(repostPageSalt.of(postId))
                        .putLong(postId)
                        .array());
        posts.delete(new Delete(row(postId)).addFamily(COUNTS))
                .join(); // gone with the post's row, unless counted since
    }

    @Override
    public List<Long> repostIdsOnPage(long sourceId, int page) {
        byte[] prefix = ByteBuffer.allocate(1 + Long.BYTES + Integer.BYTES)
                .put(repostPageSalt.of(sourceId))
                .putLong(sourceId)
                .putInt(page)
                .array();
        List<Long> ids = new ArrayList<>();
        for (Result row : repostPages
                .scanAll(new Scan().setStartStopRowForPrefixScan(prefix).setLimit(200))
                .join()) {
            ids.add(ByteBuffer.wrap(row.getRow(), prefix.length, Long.BYTES).getLong());
        }
        return ids;
    }

    /** The page a repost was put on, if it was written (with one: reposts written before pages were kept have none). */
    private Optional<Integer> repostPage(long repostId) {
        byte[] page = posts.get(new Get(row(repostId)).addColumn(POST, REPOST_PAGE))
                .join()
                .getValue(POST, REPOST_PAGE);
        return page == null ? Optional.empty() : Optional.of(Bytes.toInt(page));
    }

    /** salt(source) | source | page | repost id: a page's reposts in one prefix scan, oldest first. */
    private byte[] pageRow(long sourceId, int page, long repostId) {
        return ByteBuffer.allocate(1 + 2 * Long.BYTES + Integer.BYTES)
                .put(repostPageSalt.of(sourceId))
                .putLong(sourceId)
                .putInt(page)
                .putLong(repostId)
                .array();
    }

    private byte[] row(long postId) {
        return ByteBuffer.allocate(1 + Long.BYTES)
                .put(salt.of(postId))
                .putLong(postId)
                .array();
    }

    private static Optional<Post> post(long postId, Result row) {
        if (row.isEmpty()) {
            return Optional.empty();
        }
        byte[] repostOf = row.getValue(POST, REPOST_OF);
        byte[] root = row.getValue(POST, ROOT);
        byte[] audience = row.getValue(POST, AUDIENCE);
        return Optional.of(new Post(
                postId,
                Bytes.toLong(row.getValue(POST, AUTHOR)),
                PostType.valueOf(Bytes.toString(row.getValue(POST, TYPE)).toUpperCase(Locale.ROOT)),
                Bytes.toString(row.getValue(POST, CONTENT)),
                Instant.ofEpochMilli(Bytes.toLong(row.getValue(POST, CREATED_AT))),
                audience == null ? Audience.PUBLIC : AudienceJson.read(Bytes.toString(audience)),
                repostOf == null ? Optional.empty() : Optional.of(Bytes.toLong(repostOf)),
                HBaseMentions.read(row, POST),
                // a repost written before roots were kept was one of an original (docs/design.md, "Posts and reposts")
                repostOf == null ? Optional.empty() : Optional.of(Bytes.toLong(root == null ? repostOf : root))));
    }

    private static PostCounts counts(Result row) {
        return new PostCounts(
                counter(row, LIKES),
                counter(row, COMMENTS),
                counter(row, COMMENTS_EVER),
                counter(row, REPOSTS),
                counter(row, REPOSTS_EVER));
    }

    private static long counter(Result row, byte[] column) {
        byte[] value = row.getValue(COUNTS, column);
        return value == null ? 0 : Bytes.toLong(value);
    }

    @Override
    public void scanIds(LongConsumer consumer) {
        TableScans.ids(posts, POST, consumer);
    }
}
