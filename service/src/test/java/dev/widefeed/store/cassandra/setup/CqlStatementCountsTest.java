package dev.widefeed.store.cassandra.setup;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CqlStatementCountsTest {
    @Test
    void aStatementIsNamedByItsVerbTableAndCondition() {
        assertThat(CqlStatementCounts.labelOf("SELECT a, b FROM likes_by_post WHERE post_id = ?"))
                .isEqualTo("SELECT likes_by_post");
        assertThat(CqlStatementCounts.labelOf("INSERT INTO event_log_lease_by_shard (shard, owner) VALUES (?, ?) "
                        + "IF NOT EXISTS USING TTL ?"))
                .isEqualTo("INSERT event_log_lease_by_shard IF");
        assertThat(CqlStatementCounts.labelOf("UPDATE   posts_by_id USING TTL ? SET x = ?\n WHERE id = ? IF x = ?"))
                .isEqualTo("UPDATE posts_by_id IF");
        assertThat(CqlStatementCounts.labelOf("delete from ks.notifications_by_user where user_id = ?"))
                .isEqualTo("DELETE ks.notifications_by_user");
        assertThat(CqlStatementCounts.labelOf("TRUNCATE t")).isEqualTo("TRUNCATE");
    }
}
