package dev.widefeed.backup;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * The phase of each table of either backend (their names mostly agree), and so the order a backup copies them in.
 * A table not named here is {@link BackupPhase#DERIVED}: a truth table copied later than it should be can only hold
 * truth written after the backup began without its pending work, while a copy copied too early can miss work done
 * before the backup's logs, which a restore would not do again.
 */
public final class BackupOrder {
    private static final Set<String> EDGE_COPIES =
            Set.of("likers_by_post", "liked_by_user", "following_by_user", "followers_by_user");
    private static final Set<String> TRUTH = Set.of(
            "users_by_id",
            "users",
            "users_by_handle",
            "credentials_by_user",
            "signin_failures_by_key",
            "idempotency_keys_by_scope",
            "account_erasures_by_user",
            "follow_edges_by_follower",
            "posts_by_id",
            "posts",
            "likes_by_post",
            "comment_subjects",
            "comment_index",
            "comment_content_by_id",
            "comment_content",
            "comment_votes_by_comment",
            "comment_votes",
            "marks_by_owner",
            "groups_by_id",
            "members_by_group",
            "notification_state_by_user");
    private static final Set<String> LOGS = Set.of(
            "event_log_by_slot",
            "event_log_activity_by_hour",
            "event_log_activity",
            "event_log_watermark_by_shard",
            "event_log_lease_by_shard",
            "event_log_leases_by_log",
            "event_log_shards",
            "relation_journal_by_minute",
            "relation_journal");
    private static final Set<String> DIRECTORIES = Set.of(
            "list_buckets_by_owner", "topic_buckets_by_topic", "mention_buckets_by_user", "notification_days_by_user");

    private BackupOrder() {}

    public static BackupPhase phaseOf(String table) {
        if (EDGE_COPIES.contains(table)) {
            return BackupPhase.EDGE_COPIES;
        }
        if (TRUTH.contains(table)) {
            return BackupPhase.TRUTH;
        }
        if (LOGS.contains(table)) {
            return BackupPhase.LOGS;
        }
        return DIRECTORIES.contains(table) ? BackupPhase.DIRECTORIES : BackupPhase.DERIVED;
    }

    /** {@code tables} in the order a backup copies them: by phase, then by name. */
    public static List<String> order(Collection<String> tables) {
        return tables.stream()
                .sorted(Comparator.comparing(BackupOrder::phaseOf).thenComparing(Comparator.naturalOrder()))
                .toList();
    }

    /** Every table this class names (to check against the schema files). */
    static Set<String> named() {
        return Set.copyOf(java.util.stream.Stream.of(EDGE_COPIES, TRUTH, LOGS, DIRECTORIES)
                .flatMap(Set::stream)
                .toList());
    }
}
