package dev.widefeed.audience;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.widefeed.kernel.DomainException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class AudienceTest {
    @Test
    void everyTypeReadsBackFromItsJsonName() {
        assertThat(Audience.Type.PARTLY_VISIBLE.json()).isEqualTo("partly-visible");
        assertThat(Audience.Type.PARTLY_INVISIBLE.json()).isEqualTo("partly-invisible");
        for (Audience.Type type : Audience.Type.values()) {
            assertThat(Audience.Type.ofJson(type.json())).isEqualTo(type);
        }
    }

    @Test
    void anUnknownTypeNameIsInvalidNotAnEnumName() {
        for (String name : List.of("PUBLIC", "partly_visible", "friends", "")) {
            assertThatThrownBy(() -> Audience.Type.ofJson(name))
                    .as(name)
                    .isInstanceOfSatisfying(
                            DomainException.class, e -> assertThat(e.kind()).isEqualTo(DomainException.Kind.INVALID));
        }
    }

    @Test
    void anAudienceKeepsItsOwnCopyOfTheLists() {
        List<Long> users = new ArrayList<>(List.of(1L));
        Audience audience = new Audience(Audience.Type.PARTLY_VISIBLE, users, List.of(), List.of());
        users.add(2L);
        assertThat(audience.users()).containsExactly(1L);
        assertThatThrownBy(() -> audience.users().add(3L)).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void aTagMarkHasANameAndTheOtherMarksNone() {
        assertThat(Mark.tag("family")).isEqualTo(new Mark(Mark.Kind.TAG, "family"));
        assertThatThrownBy(() -> Mark.tag("")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Mark(Mark.Kind.BLOCKED, "x")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Mark(Mark.Kind.HIDDEN, null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Mark(null, "")).isInstanceOf(IllegalArgumentException.class);
    }
}
