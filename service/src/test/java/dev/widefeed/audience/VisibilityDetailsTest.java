package dev.widefeed.audience;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What {@link VisibilityTest} leaves out: the order of the lists, marks that are not matches, and group facts. */
class VisibilityDetailsTest {
    private static final long AUTHOR = 1;
    private static final long VIEWER = 2;
    private static final long GROUP = 77;

    private static Visibility.Decision decide(Audience audience, Set<Mark> marks, Set<Long> groups) {
        return Visibility.decide(AUTHOR, audience, VIEWER, marks, groups);
    }

    @Test
    void theAuthorHidingTheViewerIsNoBlock() {
        // Hidden is the author's filter on their own home timeline; it says nothing about who sees the author.
        Audience partlyInvisible = new Audience(Audience.Type.PARTLY_INVISIBLE, List.of(), List.of("f"), List.of());
        assertThat(decide(Audience.PUBLIC, Set.of(Mark.HIDDEN), Set.of()).visible())
                .isTrue();
        assertThat(decide(partlyInvisible, Set.of(Mark.HIDDEN), Set.of()).visible())
                .isTrue();
    }

    @Test
    void theFirstMatchingListIsNamedIdThenTagThenGroup() {
        Audience all = new Audience(Audience.Type.PARTLY_VISIBLE, List.of(VIEWER), List.of("a", "b"), List.of(GROUP));
        Set<Mark> both = Set.of(Mark.tag("b"), Mark.tag("a"));
        assertThat(decide(all, both, Set.of(GROUP)).reason()).isEqualTo("partly visible to this user, listed by id");
        Audience noIds = new Audience(Audience.Type.PARTLY_VISIBLE, List.of(), List.of("a", "b"), List.of(GROUP));
        assertThat(decide(noIds, both, Set.of(GROUP)).reason())
                .isEqualTo("partly visible to the author's tag 'a', which this user carries");
        Audience onlyGroups = new Audience(Audience.Type.PARTLY_VISIBLE, List.of(), List.of(), List.of(5L, GROUP));
        assertThat(decide(onlyGroups, both, Set.of(GROUP)).reason())
                .isEqualTo("partly visible to group 77, which this user is in");
    }

    @Test
    void aPartlyInvisibleRefusalNamesTheListThatMatched() {
        Audience audience = new Audience(Audience.Type.PARTLY_INVISIBLE, List.of(), List.of(), List.of(GROUP));
        Visibility.Decision d = decide(audience, Set.of(), Set.of(GROUP));
        assertThat(d.visible()).isFalse();
        assertThat(d.reason()).isEqualTo("partly invisible to group 77, which this user is in");
    }

    @Test
    void aTagMatchesOnlyByItsExactName() {
        Audience audience = new Audience(Audience.Type.PARTLY_VISIBLE, List.of(), List.of("Family"), List.of());
        assertThat(decide(audience, Set.of(Mark.tag("family")), Set.of()).visible())
                .isFalse();
        assertThat(decide(audience, Set.of(Mark.tag("Family")), Set.of()).visible())
                .isTrue();
    }

    @Test
    void onlyTheGroupsThePostListsCount() {
        Set<Long> otherGroup = Set.of(GROUP + 1);
        Audience visible = new Audience(Audience.Type.PARTLY_VISIBLE, List.of(), List.of(), List.of(GROUP));
        Audience invisible = new Audience(Audience.Type.PARTLY_INVISIBLE, List.of(), List.of(), List.of(GROUP));
        assertThat(decide(visible, Set.of(), otherGroup).visible()).isFalse();
        assertThat(decide(invisible, Set.of(), otherGroup).visible()).isTrue();
    }

    @Test
    void groupMembershipsAreNeededOnlyForPartlyAudiencesThatListGroups() {
        List<Long> groups = List.of(GROUP);
        assertThat(Visibility.needsGroups(
                        AUTHOR, new Audience(Audience.Type.PARTLY_INVISIBLE, List.of(), List.of(), groups), VIEWER))
                .isTrue();
        assertThat(Visibility.needsGroups(
                        AUTHOR,
                        new Audience(Audience.Type.PARTLY_VISIBLE, List.of(VIEWER), List.of("f"), List.of()),
                        VIEWER))
                .isFalse();
        assertThat(Visibility.needsGroups(
                        AUTHOR, new Audience(Audience.Type.PRIVATE, List.of(), List.of(), groups), VIEWER))
                .isFalse();
    }

    @Test
    void onlyTheTwoListTypesArePartly() {
        assertThat(Visibility.isPartly(Audience.PUBLIC)).isFalse();
        assertThat(Visibility.isPartly(new Audience(Audience.Type.PRIVATE, List.of(), List.of(), List.of())))
                .isFalse();
        assertThat(Visibility.isPartly(new Audience(Audience.Type.PARTLY_VISIBLE, List.of(), List.of(), List.of())))
                .isTrue();
        assertThat(Visibility.isPartly(new Audience(Audience.Type.PARTLY_INVISIBLE, List.of(), List.of(), List.of())))
                .isTrue();
    }
}
