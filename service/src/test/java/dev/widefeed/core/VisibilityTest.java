package dev.widefeed.core;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class VisibilityTest {
    private static final long AUTHOR = 1;
    private static final long VIEWER = 2;
    private static final long GROUP = 77;

    private static Post post(Audience.Type type, List<Long> users, List<String> tags, List<Long> groups) {
        return new Post(10, AUTHOR, PostType.ORIGINAL, "x", Instant.EPOCH, new Audience(type, users, tags, groups),
                Optional.empty());
    }

    private static Visibility.Decision decide(Post post, Set<Mark> marks, Set<Long> groups) {
        return Visibility.decide(post, VIEWER, marks, groups);
    }

    @Test
    void theAuthorSeesEverythingTheirOwnEvenWithAnyMarks() {
        Post secret = post(Audience.Type.PRIVATE, List.of(), List.of(), List.of());
        assertThat(Visibility.decide(secret, AUTHOR, Set.of(Mark.BLOCKED), Set.of()).visible()).isTrue();
    }

    @Test
    void aBlockWinsOverEveryAudience() {
        for (Audience.Type type : Audience.Type.values()) {
            Post p = post(type, List.of(VIEWER), List.of("f"), List.of(GROUP));
            Visibility.Decision d = decide(p, Set.of(Mark.BLOCKED, Mark.tag("f")), Set.of(GROUP));
            assertThat(d.visible()).as("%s", type).isFalse();
            assertThat(d.reason()).contains("blocked");
        }
    }

    @Test
    void publicAndPrivateIgnoreTheLists() {
        assertThat(decide(post(Audience.Type.PUBLIC, List.of(), List.of(), List.of()), Set.of(), Set.of()).visible())
                .isTrue();
        assertThat(decide(post(Audience.Type.PRIVATE, List.of(), List.of(), List.of()), Set.of(Mark.tag("f")),
                Set.of()).visible()).isFalse();
    }

    @Test
    void partlyVisibleMatchesByIdTagOrGroupAndSaysWhich() {
        Post byId = post(Audience.Type.PARTLY_VISIBLE, List.of(VIEWER), List.of(), List.of());
        Post byTag = post(Audience.Type.PARTLY_VISIBLE, List.of(), List.of("f", "family"), List.of());
        Post byGroup = post(Audience.Type.PARTLY_VISIBLE, List.of(), List.of(), List.of(GROUP));
        assertThat(decide(byId, Set.of(), Set.of()).reason()).contains("listed by id");
        assertThat(decide(byTag, Set.of(Mark.tag("family")), Set.of())).satisfies(d -> {
            assertThat(d.visible()).isTrue();
            assertThat(d.reason()).contains("'family'");
        });
        assertThat(decide(byTag, Set.of(Mark.tag("fam"), Mark.HIDDEN), Set.of()).visible()).isFalse();
        assertThat(decide(byGroup, Set.of(), Set.of(GROUP)).reason()).contains("group 77");
        assertThat(decide(byGroup, Set.of(), Set.of()).visible()).isFalse();
    }

    @Test
    void partlyInvisibleIsTheMirrorImage() {
        Post p = post(Audience.Type.PARTLY_INVISIBLE, List.of(5L), List.of("f"), List.of(GROUP));
        assertThat(decide(p, Set.of(), Set.of()).visible()).isTrue();
        assertThat(decide(p, Set.of(Mark.tag("f")), Set.of()).visible()).isFalse();
        assertThat(decide(p, Set.of(), Set.of(GROUP)).visible()).isFalse();
        assertThat(Visibility.decide(p, 5, Set.of(), Set.of()).visible()).isFalse();
    }

    @Test
    void onlyPartlyAudiencesWithGroupsNeedMemberships() {
        assertThat(Visibility.needsGroups(post(Audience.Type.PARTLY_VISIBLE, List.of(), List.of(), List.of(GROUP)),
                VIEWER)).isTrue();
        assertThat(Visibility.needsGroups(post(Audience.Type.PARTLY_VISIBLE, List.of(), List.of(), List.of(GROUP)),
                AUTHOR)).isFalse();
        assertThat(Visibility.needsGroups(post(Audience.Type.PUBLIC, List.of(), List.of(), List.of()), VIEWER))
                .isFalse();
    }
}
