package dev.widefeed.graph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.widefeed.kernel.DomainException;
import java.util.List;
import org.junit.jupiter.api.Test;

class HandleTest {

    @Test
    void aTypedHandleIsFoldedToLowerCase() {
        assertThat(Handle.parse("Ada_Lovelace1")).isEqualTo(new Handle("ada_lovelace1"));
        assertThat(Handle.parse("abc")).isEqualTo(new Handle("abc"));
        assertThat(Handle.parse("a".repeat(20)).value()).hasSize(20);
    }

    @Test
    void whatIsNotAHandleIsRefusedWithTheRule() {
        List<String> bad = List.of("ab", "a".repeat(21), "has space", "dash-ed", "émile", "ада", "", "@ada", "ada!");
        for (String typed : bad) {
            assertThat(Handle.tryParse(typed)).as(typed).isEmpty();
            assertThatThrownBy(() -> Handle.parse(typed))
                    .isInstanceOf(DomainException.class)
                    .hasMessageContaining("3..20 of a-z, 0-9 and _")
                    .satisfies(e -> assertThat(((DomainException) e).kind()).isEqualTo(DomainException.Kind.INVALID));
        }
        assertThat(Handle.tryParse(null)).isEmpty();
    }

    @Test
    void candidatesStartFromTheNameAndEndWithOneMadeOfTheIdAlone() {
        long id = 123_456_789_012L;
        String id36 = Long.toString(id, 36);
        assertThat(Handle.candidates(id, "Émile Zola"))
                .containsExactly(
                        new Handle("emile_zola"),
                        new Handle("emile_zola_" + id36.substring(id36.length() - 5)),
                        new Handle("u_" + id36));
        // Too short, or nothing usable: the suffixed and the id-made ones only.
        assertThat(Handle.candidates(id, "Al"))
                .containsExactly(new Handle("al_" + id36.substring(id36.length() - 5)), new Handle("u_" + id36));
        String tail = id36.substring(id36.length() - 5);
        assertThat(Handle.candidates(id, "名前")).containsExactly(new Handle("user_" + tail), new Handle("u_" + id36));
        // Long names are cut to fit, with and without the suffix.
        List<Handle> long_ = Handle.candidates(id, "A very long display name indeed");
        assertThat(long_.get(0).value()).isEqualTo("a_very_long_display_");
        assertThat(long_.get(1).value())
                .hasSizeLessThanOrEqualTo(Handle.MAX_LENGTH)
                .endsWith("_" + id36.substring(id36.length() - 5));
        assertThat(Handle.candidates(Long.MAX_VALUE, "x").get(1).value()).hasSizeLessThanOrEqualTo(Handle.MAX_LENGTH);
        assertThat(Handle.candidates(Long.MAX_VALUE, "x").get(1).value()).isNotEmpty();
    }

    @Test
    void theSameUserAlwaysGetsTheSameCandidates() {
        assertThat(Handle.candidates(42, "Bob Smith")).isEqualTo(Handle.candidates(42, "Bob Smith"));
    }
}
