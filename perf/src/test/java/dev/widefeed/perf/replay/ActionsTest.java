package dev.widefeed.perf.replay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widefeed.perf.workload.EventKind;
import dev.widefeed.perf.workload.UserIds;
import dev.widefeed.perf.workload.WorkloadEvent;
import org.junit.jupiter.api.Test;

class ActionsTest {
    private final UserIds users = new UserIds(1000);
    private final Actions actions = new Actions(users, new RecentPosts(100, 4, 10), 2);

    @Test
    void mapsWorkloadUsersToStoreIds() {
        assertThat(actions.resolve(new WorkloadEvent(0, EventKind.FOLLOW, 3, 9)))
                .isEqualTo(new Actions.Action(EventKind.FOLLOW, 1003, 1009));
        assertThat(actions.resolve(new WorkloadEvent(0, EventKind.HOME_READ, 3, -1)))
                .isEqualTo(new Actions.Action(EventKind.HOME_READ, 1003, 0));
    }

    @Test
    void actsOnTheTargetsPostOrAnyonesOrPostsInstead() {
        WorkloadEvent like = new WorkloadEvent(0, EventKind.LIKE, 3, 9);
        assertThat(actions.resolve(like)).isEqualTo(new Actions.Action(EventKind.POST, 1003, 0));
        assertThat(actions.retargeted()).isEqualTo(1);

        actions.posted(1005, 55);
        assertThat(actions.resolve(like))
                .as("nothing by 9 yet: anyone's")
                .isEqualTo(new Actions.Action(EventKind.LIKE, 1003, 55));
        actions.posted(1009, 99);
        for (int i = 0; i < 20; i++) {
            assertThat(actions.resolve(like)).isEqualTo(new Actions.Action(EventKind.LIKE, 1003, 99));
        }
        assertThat(actions.retargeted()).isEqualTo(1);
    }

    @Test
    void tracksCreatedPostsUpToItsCap() {
        actions.posted(1001, 11);
        actions.posted(1002, 22);
        actions.posted(1003, 33);
        assertThat(actions.created()).containsExactly(new CreatedPost(11, 1001), new CreatedPost(22, 1002));
    }
}
