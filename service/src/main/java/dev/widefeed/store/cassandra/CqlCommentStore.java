package dev.widefeed.store.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.widefeed.comment.Comment;
import dev.widefeed.comment.CommentCounts;
import dev.widefeed.comment.CommentStore;
import dev.widefeed.comment.CommentSubject;
import dev.widefeed.comment.CommentThread;
import dev.widefeed.comment.CommentedObject;
import dev.widefeed.comment.HotCursor;
import dev.widefeed.comment.RankedComment;
import dev.widefeed.comment.SubjectCounts;
import dev.widefeed.comment.Vote;
import dev.widefeed.kernel.IdGenerator;

import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * Comments on Cassandra: {@code comment_subjects} and {@code comment_subject_counts}, the bucketed
 * {@code comment_index} (floors allocated by {@link CqlFloors}), {@code comment_content_by_id},
 * {@code comment_counts_by_id} and {@code comment_votes_by_comment} (lightweight transactions only).
 */
final class CqlCommentStore implements CommentStore {
    private static final byte LIVE = 0;
    private static final byte DELETED = 1;
    /** Floors per {@link #floors} call: the rows of a range arrive as one page. */
    static final int MAX_RANGE = 5000;
    /**
     * A comment's votes are spread over this many partitions by user, so that they can be listed (reconcile recounts
     * them) while no partition grows past a few tens of thousands of rows for a comment with a million votes.
     */
    static final int VOTE_BUCKETS = 32;
    private static final int FIRST_YEAR = IdGenerator.EPOCH.atZone(ZoneOffset.UTC).getYear();

    private final CqlSession session;
    private final CqlFloors floors;
    private final PreparedStatement selectSubject;
    private final PreparedStatement insertSubject;
    private final PreparedStatement selectSubjectCounts;
    private final PreparedStatement addSubjectCounts;
    private final PreparedStatement insertContent;
    private final PreparedStatement setContentFloor;
    private final PreparedStatement selectContent;
    private final PreparedStatement dropContent;
    private final PreparedStatement selectEntry;
    private final PreparedStatement selectRange;
    private final PreparedStatement markDeleted;
    private final PreparedStatement selectCounts;
    private final PreparedStatement addCounts;
    private final PreparedStatement selectVote;
    private final PreparedStatement voteFromNone;
    private final PreparedStatement voteFrom;
    private final PreparedStatement selectVotes;
    private final PreparedStatement saveSettings;
    private final PreparedStatement selectRank;
    private final PreparedStatement setRank;
    private final PreparedStatement addHotBand;
    private final PreparedStatement selectHotBands;
    private final PreparedStatement insertHot;
    private final PreparedStatement deleteHot;
    private final PreparedStatement selectHot;
    private final PreparedStatement selectHotBelow;
    private final PreparedStatement selectHotAfter;
    private final int floorsPerBucket;
    private final PreparedStatement deleteContent;
    private final PreparedStatement insertByAuthor;
    private final PreparedStatement insertVoted;
    private final PreparedStatement deleteVoted;
    private final PreparedStatement deleteVoteIfNone;
    private final PreparedStatement selectVoted;
    private final PreparedStatement selectVotedAfter;
    private final PreparedStatement selectVotedAmong;
    private final PreparedStatement deleteByAuthor;
    private final PreparedStatement selectByAuthor;
    private final PreparedStatement selectByAuthorBefore;
    private final PreparedStatement deleteCounts;
    private final PreparedStatement deleteVotes;
    private final PreparedStatement deleteRank;
    private final PreparedStatement deleteSubject;
    private final PreparedStatement deleteSubjectCounts;

    CqlCommentStore(CqlSession session) {
        this(session, CqlFloors.FLOORS_PER_BUCKET);
    }

    /** With another bucket size: for tests that cross bucket boundaries without 100,000 comments. */
    CqlCommentStore(CqlSession session, int floorsPerBucket) {
        this.session = session;
        this.floors = new CqlFloors(session, floorsPerBucket);
        this.floorsPerBucket = floorsPerBucket;
        String subjectKey = " WHERE obj_id = ? AND obj_type = ?";
        selectSubject = session.prepare("SELECT owner_id, state, closed, pinned_id FROM comment_subjects" + subjectKey);
        saveSettings = session.prepare("UPDATE comment_subjects SET closed = ?, pinned_id = ?" + subjectKey);
        insertSubject = session.prepare("INSERT INTO comment_subjects (obj_id, obj_type, owner_id) VALUES (?, ?, ?)");
        selectSubjectCounts = session.prepare("SELECT roots, live, ever FROM comment_subject_counts" + subjectKey);
        addSubjectCounts = CqlCounterWrites.prepare(session, "UPDATE comment_subject_counts SET roots = roots + ?, live = live + ?, "
                + "ever = ever + ?" + subjectKey);
        insertContent = session.prepare("INSERT INTO comment_content_by_id (comment_id, obj_id, obj_type, root_id, "
                + "parent_id, author_id, created_at, content, mentions) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
        setContentFloor = session.prepare("UPDATE comment_content_by_id SET floor = ? WHERE comment_id = ?");
        selectContent = session.prepare("SELECT comment_id, obj_id, obj_type, root_id, parent_id, author_id, "
                + "created_at, floor, content, mentions FROM comment_content_by_id WHERE comment_id = ?");
        dropContent = session.prepare("UPDATE comment_content_by_id SET content = null, mentions = null "
                + "WHERE comment_id = ?");
        String entryColumns = "SELECT floor, comment_id, parent_id, author_id, state, created_at FROM comment_index "
                + "WHERE obj_id = ? AND obj_type = ? AND root_id = ? AND bucket = ?";
        selectEntry = session.prepare(entryColumns + " AND floor = ?");
        selectRange = session.prepare(entryColumns + " AND floor >= ? AND floor <= ?");
        markDeleted = session.prepare("UPDATE comment_index SET state = " + DELETED + " WHERE obj_id = ? AND obj_type = ? "
                + "AND root_id = ? AND bucket = ? AND floor = ? IF state = " + LIVE);
        selectCounts = session.prepare("SELECT replies, likes, hates FROM comment_counts_by_id WHERE comment_id = ?");
        addCounts = CqlCounterWrites.prepare(session, "UPDATE comment_counts_by_id SET replies = replies + ?, likes = likes + ?, "
                + "hates = hates + ? WHERE comment_id = ?");
        String voteKey = " WHERE comment_id = ? AND bucket = ? AND user_id = ?";
        selectVote = session.prepare("SELECT vote FROM comment_votes_by_comment" + voteKey);
        // A vote row that says none is either absent or was unvoted (0): both are "none".
        voteFromNone = session.prepare("UPDATE comment_votes_by_comment SET vote = ?" + voteKey + " IF vote IN (null, 0)");
        voteFrom = session.prepare("UPDATE comment_votes_by_comment SET vote = ?" + voteKey + " IF vote = ?");
        selectVotes = session.prepare("SELECT vote FROM comment_votes_by_comment WHERE comment_id = ? AND bucket = ?");
        deleteVoted = session.prepare("DELETE FROM comment_votes_by_user WHERE user_id = ? AND comment_id = ?");
        deleteVoteIfNone = session.prepare("DELETE FROM comment_votes_by_comment WHERE comment_id = ? AND bucket = ? "
                + "AND user_id = ? IF vote = 0");
        insertVoted = session.prepare("INSERT INTO comment_votes_by_user (user_id, comment_id) VALUES (?, ?)");
        selectVoted = session.prepare("SELECT comment_id FROM comment_votes_by_user WHERE user_id = ? LIMIT ?");
        selectVotedAfter = session.prepare("SELECT comment_id FROM comment_votes_by_user WHERE user_id = ? "
                + "AND comment_id > ? LIMIT ?");
        selectVotedAmong = session.prepare("SELECT comment_id FROM comment_votes_by_user WHERE user_id = ? "
                + "AND comment_id IN ?");
        insertByAuthor = session.prepare("INSERT INTO comments_by_author (author_id, year, comment_id, obj_id, obj_type) "
                + "VALUES (?, ?, ?, ?, ?)");
        deleteByAuthor = session.prepare("DELETE FROM comments_by_author WHERE author_id = ? AND year = ? "
                + "AND comment_id = ?");
        selectByAuthor = session.prepare("SELECT comment_id FROM comments_by_author WHERE author_id = ? AND year = ? "
                + "LIMIT ?");
        selectByAuthorBefore = session.prepare("SELECT comment_id FROM comments_by_author WHERE author_id = ? "
                + "AND year = ? AND comment_id < ? LIMIT ?");
        deleteContent = session.prepare("DELETE FROM comment_content_by_id WHERE comment_id = ?");
        deleteCounts = session.prepare("DELETE FROM comment_counts_by_id WHERE comment_id = ?");
        deleteVotes = session.prepare("DELETE FROM comment_votes_by_comment WHERE comment_id = ? AND bucket = ?");
        deleteRank = session.prepare("DELETE FROM comment_ranks_by_id WHERE comment_id = ?");
        deleteSubject = session.prepare("DELETE FROM comment_subjects" + subjectKey);
        deleteSubjectCounts = session.prepare("DELETE FROM comment_subject_counts" + subjectKey);
        selectRank = session.prepare("SELECT score FROM comment_ranks_by_id WHERE comment_id = ?");
        setRank = session.prepare("UPDATE comment_ranks_by_id SET score = ? WHERE comment_id = ?");
        addHotBand = session.prepare("UPDATE comment_subjects SET hot_bands = hot_bands + ?" + subjectKey);
        selectHotBands = session.prepare("SELECT hot_bands FROM comment_subjects" + subjectKey);
        String hotKey = " WHERE obj_id = ? AND obj_type = ? AND band = ? AND bucket = ?";
        insertHot = session.prepare("INSERT INTO hot_comments_by_post (obj_id, obj_type, band, bucket, score, floor, "
                + "comment_id) VALUES (?, ?, ?, ?, ?, ?, ?)");
        deleteHot = session.prepare("DELETE FROM hot_comments_by_post" + hotKey + " AND score = ? AND floor = ?");
        String hotColumns = "SELECT score, floor, comment_id FROM hot_comments_by_post" + hotKey;
        selectHot = session.prepare(hotColumns + " LIMIT ?");
        selectHotBelow = session.prepare(hotColumns + " AND score < ? LIMIT ?");
        selectHotAfter = session.prepare(hotColumns + " AND score = ? AND floor > ? LIMIT ?");
    }

    @Override
    public Optional<CommentSubject> subject(CommentedObject object) {
        Row row = session.execute(selectSubject.bind(object.id(), object.kind().stored()).setIdempotent(true)).one();
        return Optional.ofNullable(row).map(r -> new CommentSubject(object, r.getLong(0),
                CommentSubject.State.ofCode(r.isNull(1) ? 0 : r.getByte(1)), !r.isNull(2) && r.getBoolean(2),
                r.getLong(3)));
    }

    @Override
    public void saveSettings(CommentedObject object, CommentSubject.Settings settings) {
        session.execute(saveSettings.bind(settings.closed(), settings.pinnedId(), object.id(), object.kind().stored())
                .setIdempotent(true));
    }

    @Override
    public void openSubject(CommentSubject subject) {
        CommentedObject object = subject.object();
        session.execute(insertSubject.bind(object.id(), object.kind().stored(), subject.ownerId()).setIdempotent(true));
    }

    @Override
    public SubjectCounts subjectCounts(CommentedObject object) {
        Row row = session.execute(selectSubjectCounts.bind(object.id(), object.kind().stored()).setIdempotent(true)).one();
        return row == null ? SubjectCounts.ZERO : new SubjectCounts(row.getLong(0), row.getLong(1), row.getLong(2));
    }

    @Override
    public void addSubjectCounts(CommentedObject object, SubjectCounts delta) {
        if (!delta.isZero()) {
            session.execute(addSubjectCounts.bind(delta.roots(), delta.live(), delta.ever(), object.id(),
                    object.kind().stored()).setIdempotent(false));
        }
    }

    @Override
    public void writeContent(Comment comment) {
        CommentedObject object = comment.object();
        BoundStatement insert = insertContent.bind(comment.id(), object.id(), object.kind().stored(), comment.rootId(),
                comment.parentId(), comment.authorId(), comment.createdAt(), comment.content(),
                CqlMentions.write(comment.mentions()));
        if (comment.mentions().isEmpty()) {
            insert = insert.unset("mentions"); // an empty collection would be written as a tombstone
        }
        session.execute(insert.setIdempotent(true));
    }

    @Override
    public long place(Comment comment) {
        long floor = floors.place(comment);
        // Until this lands the comment shows in its thread but is not found by id; reading its page repairs it.
        session.execute(setContentFloor.bind(floor, comment.id()).setIdempotent(true));
        return floor;
    }

    @Override
    public Optional<Comment> find(long commentId) {
        Row content = session.execute(selectContent.bind(commentId).setIdempotent(true)).one();
        if (content == null || content.isNull("floor")) {
            return Optional.empty();
        }
        CommentedObject object = new CommentedObject(content.getLong("obj_id"),
                CommentedObject.Kind.ofStored(content.getString("obj_type")));
        CommentThread thread = new CommentThread(object, content.getLong("root_id"));
        long floor = content.getLong("floor");
        Row entry = session.execute(floors.bind(selectEntry, thread, floor, floor).setIdempotent(true)).one();
        if (entry == null || entry.getLong("comment_id") != commentId) {
            return Optional.empty();
        }
        return Optional.of(comment(thread, entry, content));
    }

    @Override
    public long highestFloor(CommentThread thread) {
        return floors.highestFloor(thread);
    }

    @Override
    public List<Comment> floors(CommentThread thread, long fromFloor, long toFloor) {
        if (fromFloor > toFloor) {
            return List.of();
        }
        if (toFloor - fromFloor >= MAX_RANGE) {
            throw new IllegalArgumentException("at most " + MAX_RANGE + " floors at a time");
        }
        List<CompletableFuture<AsyncResultSet>> reads = new ArrayList<>();
        for (int bucket = floors.bucketOf(fromFloor); bucket <= floors.bucketOf(toFloor); bucket++) {
            long from = Math.max(fromFloor, floors.firstFloorOf(bucket));
            long to = Math.min(toFloor, floors.firstFloorOf(bucket + 1) - 1);
            reads.add(session.executeAsync(floors.bind(selectRange, thread, from, from, to)
                    .setIdempotent(true).setPageSize(MAX_RANGE)).toCompletableFuture());
        }
        List<Row> entries = new ArrayList<>();
        reads.forEach(read -> read.join().currentPage().forEach(entries::add)); // one page each: at most MAX_RANGE rows
        List<Long> live = entries.stream().filter(e -> e.getByte("state") == LIVE).map(e -> e.getLong("comment_id")).toList();
        Map<Long, Row> contents = CqlReads.readAll(session, live, selectContent::bind);
        List<Comment> comments = new ArrayList<>(entries.size());
        for (Row entry : entries) {
            Row content = contents.get(entry.getLong("comment_id"));
            if (content != null && content.isNull("floor")) {
                // Placed, but the process died before recording the floor with the content: finish that.
                session.execute(setContentFloor.bind(entry.getLong("floor"), entry.getLong("comment_id")).setIdempotent(true));
            }
            comments.add(comment(thread, entry, content));
        }
        return comments;
    }

    @Override
    public boolean delete(Comment comment) {
        CommentThread thread = comment.thread();
        boolean applied = floors.withPermit(thread, () -> session.execute(
                floors.bind(markDeleted, thread, comment.floor(), comment.floor()).setIdempotent(false)).wasApplied());
        if (applied) {
            session.execute(dropContent.bind(comment.id()).setIdempotent(true));
        }
        return applied;
    }

    @Override
    public Map<Long, CommentCounts> countsOf(Collection<Long> commentIds) {
        Map<Long, CommentCounts> counts = new HashMap<>();
        CqlReads.readAll(session, commentIds, selectCounts::bind).forEach((id, row) -> counts.put(id,
                row == null ? CommentCounts.ZERO : new CommentCounts(row.getLong(0), row.getLong(1), row.getLong(2))));
        return counts;
    }

    @Override
    public void addCounts(long commentId, CommentCounts delta) {
        if (!delta.isZero()) {
            session.execute(addCounts.bind(delta.replies(), delta.likes(), delta.hates(), commentId).setIdempotent(false));
        }
    }

    @Override
    public Vote vote(long commentId, long userId) {
        Row row = session.execute(selectVote.bind(commentId, voteBucket(userId), userId).setIdempotent(true)).one();
        return vote(row);
    }

    @Override
    public Map<Long, Vote> votesOf(long userId, Collection<Long> commentIds) {
        Map<Long, Vote> votes = new HashMap<>();
        CqlReads.readAll(session, commentIds, id -> selectVote.bind(id, voteBucket(userId), userId))
                .forEach((id, row) -> votes.put(id, vote(row)));
        return votes;
    }

    @Override
    public CommentCounts countVotes(long commentId) {
        long likes = 0;
        long hates = 0;
        for (int bucket = 0; bucket < VOTE_BUCKETS; bucket++) {
            for (Row row : session.execute(selectVotes.bind(commentId, bucket).setIdempotent(true))) { // paged
                Vote vote = vote(row);
                likes += vote == Vote.LIKE ? 1 : 0;
                hates += vote == Vote.HATE ? 1 : 0;
            }
        }
        return new CommentCounts(0, likes, hates);
    }

    /**
     * Plain deletes, also of the vote partitions that only lightweight transactions write: the comment's object is
     * gone, so no vote can be cast on it any more to race them.
     */
    @Override
    public void listVote(long commentId, long userId) {
        session.execute(insertVoted.bind(userId, commentId).setIdempotent(true));
    }

    @Override
    public List<Long> votedComments(long userId, Optional<Long> after, int limit) {
        BoundStatement query = after.isPresent() ? selectVotedAfter.bind(userId, after.get(), limit)
                : selectVoted.bind(userId, limit);
        List<Long> ids = new ArrayList<>();
        session.execute(query.setIdempotent(true)).forEach(row -> ids.add(row.getLong(0)));
        return ids;
    }

    @Override
    public Set<Long> votedAmong(long userId, Collection<Long> commentIds) {
        if (commentIds.isEmpty()) {
            return Set.of();
        }
        Set<Long> voted = new HashSet<>();
        // One partition: the IN is on its clustering column, so the node reads it once.
        for (Row row : session.execute(selectVotedAmong.bind(userId, List.copyOf(commentIds)).setIdempotent(true))) {
            voted.add(row.getLong(0));
        }
        return voted;
    }

    @Override
    public void unlistVote(long commentId, long userId) {
        session.execute(deleteVoted.bind(userId, commentId).setIdempotent(true));
    }

    @Override
    public void deleteVote(long commentId, long userId) {
        session.execute(deleteVoteIfNone.bind(commentId, voteBucket(userId), userId).setIdempotent(false));
    }

    @Override
    public void listByAuthor(Comment comment) {
        session.execute(insertByAuthor.bind(comment.authorId(), yearOf(comment.id()), comment.id(),
                comment.object().id(), comment.object().kind().stored()).setIdempotent(true));
    }

    @Override
    public void unlistByAuthor(long authorId, long commentId) {
        session.execute(deleteByAuthor.bind(authorId, yearOf(commentId), commentId).setIdempotent(true));
    }

    /** The years newest first, from the cursor's (or this one) back to the first year of ids. */
    @Override
    public List<Long> commentIdsByAuthor(long authorId, Optional<Long> beforeId, int limit) {
        int thisYear = ZonedDateTime.now(ZoneOffset.UTC).getYear();
        int newest = Math.min(thisYear, beforeId.map(CqlCommentStore::yearOf).orElse(thisYear));
        List<Long> ids = new ArrayList<>();
        for (int year = newest; year >= FIRST_YEAR && ids.size() < limit; year--) {
            BoundStatement query = year == newest && beforeId.isPresent()
                    ? selectByAuthorBefore.bind(authorId, year, beforeId.get(), limit - ids.size())
                    : selectByAuthor.bind(authorId, year, limit - ids.size());
            session.execute(query.setIdempotent(true)).forEach(row -> ids.add(row.getLong(0)));
        }
        return ids;
    }

    private static int yearOf(long id) {
        return IdGenerator.timeOf(id).atZone(ZoneOffset.UTC).getYear();
    }

    @Override
    public void purge(Comment comment) {
        long score = rankedScore(comment.id());
        if (score > 0) {
            removeRanked(new RankedComment(comment.object(), score, comment.floor(), comment.id()));
        }
        session.execute(deleteRank.bind(comment.id()).setIdempotent(true));
        List<CompletableFuture<?>> votes = new ArrayList<>();
        for (int bucket = 0; bucket < VOTE_BUCKETS; bucket++) {
            votes.add(session.executeAsync(deleteVotes.bind(comment.id(), bucket).setIdempotent(true))
                    .toCompletableFuture());
        }
        CompletableFuture.allOf(votes.toArray(CompletableFuture[]::new)).join();
        session.execute(deleteCounts.bind(comment.id()).setIdempotent(true));
        session.execute(deleteContent.bind(comment.id()).setIdempotent(true)); // last: the locator
    }

    @Override
    public void purgeThread(CommentThread thread) {
        floors.deleteAll(thread);
    }

    @Override
    public void purgeSubject(CommentedObject object) {
        session.execute(deleteSubjectCounts.bind(object.id(), object.kind().stored()).setIdempotent(true));
        session.execute(deleteSubject.bind(object.id(), object.kind().stored()).setIdempotent(true));
    }

    @Override
    public long rankedScore(long commentId) {
        Row row = session.execute(selectRank.bind(commentId).setIdempotent(true)).one();
        return row == null ? 0 : row.getLong(0);
    }

    @Override
    public Map<Long, Long> rankedScores(Collection<Long> commentIds) {
        Map<Long, Long> scores = new HashMap<>();
        CqlReads.readAll(session, commentIds, selectRank::bind)
                .forEach((id, row) -> scores.put(id, row == null ? 0 : row.getLong(0)));
        return scores;
    }

    @Override
    public void setRankedScore(long commentId, long score) {
        session.execute(setRank.bind(score, commentId).setIdempotent(true));
    }

    @Override
    public void putRanked(RankedComment entry) {
        CommentedObject object = entry.object();
        int band = hotBand(entry.score());
        // The band first: a reader finds every entry of every band it lists.
        session.execute(addHotBand.bind(Set.of(band), object.id(), object.kind().stored()).setIdempotent(true));
        session.execute(insertHot.bind(object.id(), object.kind().stored(), band, hotBucket(entry.floor()),
                entry.score(), entry.floor(), entry.commentId()).setIdempotent(true));
    }

    @Override
    public void removeRanked(RankedComment entry) {
        CommentedObject object = entry.object();
        session.execute(deleteHot.bind(object.id(), object.kind().stored(), hotBand(entry.score()),
                hotBucket(entry.floor()), entry.score(), entry.floor()).setIdempotent(true));
    }

    /**
     * Reads the bands in use from the highest down (from the cursor's), each band's buckets merged, until the page
     * is full: a few range reads of at most {@code limit} rows each.
     */
    @Override
    public List<RankedComment> ranked(CommentedObject object, Optional<HotCursor> after, int limit) {
        Row subject = session.execute(selectHotBands.bind(object.id(), object.kind().stored()).setIdempotent(true))
                .one();
        Set<Integer> bands = subject == null ? Set.of() : subject.getSet(0, Integer.class);
        long highest = floors.highestFloor(CommentThread.topLevel(object));
        int buckets = highest == 0 ? 0 : hotBucket(highest) + 1;
        int fromBand = after.map(c -> hotBand(c.score())).orElse(Integer.MAX_VALUE);
        List<RankedComment> found = new ArrayList<>();
        for (int band : bands.stream().filter(b -> b <= fromBand).sorted(Comparator.reverseOrder()).toList()) {
            List<RankedComment> inBand = new ArrayList<>();
            for (int bucket = 0; bucket < buckets; bucket++) {
                Object[] key = {object.id(), object.kind().stored(), band, bucket};
                if (after.isPresent() && band == fromBand) {
                    HotCursor c = after.get();
                    inBand.addAll(hot(object, selectHotAfter.bind(append(key, c.score(), c.floor(), limit))));
                    inBand.addAll(hot(object, selectHotBelow.bind(append(key, c.score(), limit))));
                } else {
                    inBand.addAll(hot(object, selectHot.bind(append(key, limit))));
                }
            }
            inBand.sort(Comparator.comparingLong(RankedComment::score).reversed()
                    .thenComparingLong(RankedComment::floor));
            found.addAll(inBand);
            if (found.size() >= limit) {
                return List.copyOf(found.subList(0, limit));
            }
        }
        return found;
    }

    private List<RankedComment> hot(CommentedObject object, BoundStatement query) {
        List<RankedComment> entries = new ArrayList<>();
        for (Row row : session.execute(query.setIdempotent(true))) {
            entries.add(new RankedComment(object, row.getLong(0), row.getLong(1), row.getLong(2)));
        }
        return entries;
    }

    private static Object[] append(Object[] key, Object... more) {
        Object[] all = Arrays.copyOf(key, key.length + more.length);
        System.arraycopy(more, 0, all, key.length, more.length);
        return all;
    }

    /** The score band of a ranking entry: the position of the score's highest bit (1, 2-3, 4-7, ...). */
    static int hotBand(long score) {
        return 63 - Long.numberOfLeadingZeros(score);
    }

    private int hotBucket(long floor) {
        return (int) ((floor - 1) / floorsPerBucket);
    }

    private static Vote vote(Row row) {
        return row == null || row.isNull(0) ? Vote.NONE : Vote.ofCode(row.getByte(0));
    }

    /** The partition of a user's vote among a comment's {@link #VOTE_BUCKETS}: ids mixed, as their low bits repeat. */
    static int voteBucket(long userId) {
        return Math.floorMod(Long.hashCode(userId * 0x9E3779B97F4A7C15L) >>> 7, VOTE_BUCKETS);
    }

    @Override
    public boolean compareAndSetVote(long commentId, long userId, Vote expected, Vote next) {
        var cas = expected == Vote.NONE
                ? voteFromNone.bind(next.code(), commentId, voteBucket(userId), userId)
                : voteFrom.bind(next.code(), commentId, voteBucket(userId), userId, expected.code());
        return session.execute(cas.setIdempotent(false)).wasApplied();
    }

    /** The comment of an index entry and its content row (null when the content was never written). */
    private static Comment comment(CommentThread thread, Row entry, Row content) {
        boolean deleted = entry.getByte("state") != LIVE;
        boolean shown = !deleted && content != null;
        return new Comment(entry.getLong("comment_id"), thread.object(), entry.getLong("author_id"), thread.rootId(),
                entry.getLong("parent_id"), entry.getLong("floor"), shown ? content.getString("content") : null,
                entry.getInstant("created_at"), deleted, shown ? CqlMentions.read(content) : Map.of());
    }
}
