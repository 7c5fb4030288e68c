package dev.widefeed.store.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.widefeed.erasure.UserRowsStore;
import dev.widefeed.kernel.IdGenerator;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * A user's own partitions, deleted for their erasure: plain partition deletes, also of tables whose rows lightweight
 * transactions write (nothing writes the user's rows any more once the other steps have run and the account is
 * closed). Partitions split by day, hour, bucket or year are found through their directories, or by year from the
 * first year of ids; the directories go last.
 */
final class CqlUserRowsStore implements UserRowsStore {
    private static final int FIRST_YEAR =
            IdGenerator.EPOCH.atZone(ZoneOffset.UTC).getYear();

    private final CqlSession session;
    private final Clock clock;
    private final List<PreparedStatement> whole = new ArrayList<>();
    private final PreparedStatement selectDays;
    private final PreparedStatement deleteDay;
    private final PreparedStatement selectHours;
    private final PreparedStatement deleteHour;
    private final PreparedStatement selectBuckets;
    private final PreparedStatement deleteFollowersBucket;
    private final PreparedStatement deleteLikedBucket;
    private final PreparedStatement deleteBuckets;
    private final PreparedStatement deleteWritten;
    private final PreparedStatement deletePostsYear;
    private final PreparedStatement deleteCommentsYear;
    private final PreparedStatement deleteDayDirectory;
    private final PreparedStatement deleteHourDirectory;

    CqlUserRowsStore(CqlSession session, Clock clock) {
        this.session = session;
        this.clock = clock;
        for (String table : List.of(
                "home_timeline_by_user",
                "author_delivery_by_user",
                "notification_state_by_user",
                "following_by_user",
                "like_counts_by_user",
                "comment_votes_by_user")) {
            whole.add(session.prepare("DELETE FROM " + table + " WHERE user_id = ?"));
        }
        whole.add(session.prepare("DELETE FROM edge_delivery_by_author WHERE author_id = ?"));
        whole.add(session.prepare("DELETE FROM groups_by_owner WHERE owner_id = ?"));
        whole.add(session.prepare("DELETE FROM follow_edges_by_follower WHERE follower_id = ?"));
        selectDays = session.prepare("SELECT day FROM notification_days_by_user WHERE user_id = ?");
        deleteDay = session.prepare("DELETE FROM notifications_by_user WHERE user_id = ? AND day = ?");
        selectHours = session.prepare("SELECT bucket FROM mention_buckets_by_user WHERE user_id = ?");
        deleteHour = session.prepare("DELETE FROM mentions_by_user WHERE user_id = ? AND bucket = ?");
        selectBuckets = session.prepare("SELECT bucket FROM list_buckets_by_owner WHERE list = ? AND owner_id = ?");
        deleteFollowersBucket = session.prepare("DELETE FROM followers_by_user WHERE user_id = ? AND bucket = ?");
        deleteLikedBucket = session.prepare("DELETE FROM liked_by_user WHERE user_id = ? AND bucket = ?");
        deleteBuckets = session.prepare("DELETE FROM list_buckets_by_owner WHERE list = ? AND owner_id = ?");
        deleteWritten = session.prepare("DELETE FROM list_bucket_writes_by_owner WHERE list = ? AND owner_id = ?");
        deletePostsYear = session.prepare("DELETE FROM posts_by_author WHERE author_id = ? AND year = ?");
        deleteCommentsYear = session.prepare("DELETE FROM comments_by_author WHERE author_id = ? AND year = ?");
        deleteDayDirectory = session.prepare("DELETE FROM notification_days_by_user WHERE user_id = ?");
        deleteHourDirectory = session.prepare("DELETE FROM mention_buckets_by_user WHERE user_id = ?");
    }

    @Override
    public void forget(long userId) {
        for (PreparedStatement delete : whole) {
            session.execute(delete.bind(userId).setIdempotent(true));
        }
        for (Row day : session.execute(selectDays.bind(userId).setIdempotent(true))) {
            session.execute(deleteDay.bind(userId, day.getInt(0)).setIdempotent(true));
        }
        session.execute(deleteDayDirectory.bind(userId).setIdempotent(true));
        for (Row hour : session.execute(selectHours.bind(userId).setIdempotent(true))) {
            Instant bucket = hour.getInstant(0);
            session.execute(deleteHour.bind(userId, bucket).setIdempotent(true));
        }
        session.execute(deleteHourDirectory.bind(userId).setIdempotent(true));
        forgetBucketed(userId, "followers", deleteFollowersBucket);
        forgetBucketed(userId, "liked", deleteLikedBucket);
        int thisYear = clock.instant().atZone(ZoneOffset.UTC).getYear();
        for (int year = FIRST_YEAR; year <= thisYear; year++) {
            session.execute(deletePostsYear.bind(userId, year).setIdempotent(true));
            session.execute(deleteCommentsYear.bind(userId, year).setIdempotent(true));
        }
    }

    /** A bucketed list of the user's: every bucket its directory names (and bucket 0, which it may not), then it. */
    private void forgetBucketed(long userId, String list, PreparedStatement deleteBucket) {
        List<Integer> buckets = new ArrayList<>(List.of(0));
        session.execute(selectBuckets.bind(list, userId).setIdempotent(true)).forEach(r -> buckets.add(r.getInt(0)));
        for (int bucket : buckets) {
            session.execute(deleteBucket.bind(userId, bucket).setIdempotent(true));
        }
        session.execute(deleteWritten.bind(list, userId).setIdempotent(true));
        session.execute(deleteBuckets.bind(list, userId).setIdempotent(true));
    }
}
