package dev.widefeed.audience;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class VisibilityTest {
    private static final long AUTHOR = 1;
    private static final long VIEWER = 2;
    private static final long GROUP = 77;

    /** The audience of a post by {@link #AUTHOR}. */
    private static Audience post(Audience.Type type, List<Long> users, List<String> tags, List<Long> groups) {
        return new Audience(type, users, tags, groups);
    }

    private static Visibility.Decision decide(Audience post, Set<Mark> marks, Set<Long> groups) {
        return Visibility.decide(AUTHOR, post, VIEWER, marks, groups);
    }

    @Test
    void theAuthorSeesEverythingTheirOwnEvenWithAnyMarks() {
        Audience secret = post(Audience.Type.PRIVATE, List.of(), List.of(), List.of());
        assertThat(Visibility.decide(AUTHOR, secret, AUTHOR, Set.of(Mark.BLOCKED), Set.of())
                        .visible())
                .isTrue();
    }

    @Test
    void aBlockWinsOverEveryAudience() {
        for (Audience.Type type : Audience.Type.values()) {
            Audience p = post(type, List.of(VIEWER), List.of("f"), List.of(GROUP));
            Visibility.Decision d = decide(p, Set.of(Mark.BLOCKED, Mark.tag("f")), Set.of(GROUP));
            assertThat(d.visible()).as("%s", type).isFalse();
            assertThat(d.reason()).contains("blocked");
        }
    }

    @Test
    void publicAndPrivateIgnoreTheLists() {
        assertThat(decide(post(Audience.Type.PUBLIC, List.of(), List.of(), List.of()), Set.of(), Set.of())
                        .visible())
                .isTrue();
        assertThat(decide(post(Audience.Type.PRIVATE, List.of(), List.of(), List.of()), Set.of(Mark.tag("f")), Set.of())
                        .visible())
                .isFalse();
    }

    @Test
    void partlyVisibleMatchesByIdTagOrGroupAndSaysWhich() {
        Audience byId = post(Audience.Type.PARTLY_VISIBLE, List.of(VIEWER), List.of(), List.of());
        Audience byTag = post(Audience.Type.PARTLY_VISIBLE, List.of(), List.of("f", "family"), List.of());
        Audience byGroup = post(Audience.Type.PARTLY_VISIBLE, List.of(), List.of(), List.of(GROUP));
        assertThat(decide(byId, Set.of(), Set.of()).reason()).contains("listed by id");
        assertThat(decide(byTag, Set.of(Mark.tag("family")), Set.of())).satisfies(d -> {
            assertThat(d.visible()).isTrue();
            assertThat(d.reason()).contains("'family'");
        });
        assertThat(decide(byTag, Set.of(Mark.tag("fam"), Mark.HIDDEN), Set.of()).visible())
                .isFalse();
        assertThat(decide(byGroup, Set.of(), Set.of(GROUP)).reason()).contains("group 77");
        assertThat(decide(byGroup, Set.of(), Set.of()).visible()).isFalse();
    }

    @Test
    void partlyInvisibleIsTheMirrorImage() {
        Audience p = post(Audience.Type.PARTLY_INVISIBLE, List.of(5L), List.of("f"), List.of(GROUP));
        assertThat(decide(p, Set.of(), Set.of()).visible()).isTrue();
        assertThat(decide(p, Set.of(Mark.tag("f")), Set.of()).visible()).isFalse();
        assertThat(decide(p, Set.of(), Set.of(GROUP)).visible()).isFalse();
        assertThat(Visibility.decide(AUTHOR, p, 5, Set.of(), Set.of()).visible())
                .isFalse();
    }

    @Test
    void onlyPartlyAudiencesWithGroupsNeedMemberships() {
        assertThat(Visibility.needsGroups(
                        AUTHOR, post(Audience.Type.PARTLY_VISIBLE, List.of(), List.of(), List.of(GROUP)), VIEWER))
                .isTrue();
        assertThat(Visibility.needsGroups(
                        AUTHOR, post(Audience.Type.PARTLY_VISIBLE, List.of(), List.of(), List.of(GROUP)), AUTHOR))
                .isFalse();
        assertThat(Visibility.needsGroups(AUTHOR, post(Audience.Type.PUBLIC, List.of(), List.of(), List.of()), VIEWER))
                .isFalse();
    }
}
