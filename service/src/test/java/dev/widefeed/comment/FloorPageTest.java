package dev.widefeed.comment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.widefeed.kernel.DomainException;
import org.junit.jupiter.api.Test;

class FloorPageTest {

    @Test
    void eachPageHoldsItsOwnFixedRunOfFloors() {
        assertThat(FloorPage.of(1, 20)).isEqualTo(new FloorPage(1, 20, 1, 20));
        assertThat(FloorPage.of(2, 20)).isEqualTo(new FloorPage(2, 20, 21, 40));
        assertThat(FloorPage.of(7, 5)).isEqualTo(new FloorPage(7, 5, 31, 35));
    }

    @Test
    void aPageNumberFarOutDoesNotOverflow() {
        FloorPage last = FloorPage.of(Integer.MAX_VALUE, 20);
        assertThat(last.first()).isEqualTo((Integer.MAX_VALUE - 1L) * 20 + 1);
        assertThat(last.last()).isEqualTo(Integer.MAX_VALUE * 20L);
    }

    @Test
    void pagesCountEveryStartedPage() {
        FloorPage any = FloorPage.of(1, 20);
        assertThat(any.pagesUpTo(0)).isZero();
        assertThat(any.pagesUpTo(1)).isEqualTo(1);
        assertThat(any.pagesUpTo(20)).isEqualTo(1);
        assertThat(any.pagesUpTo(21)).isEqualTo(2);
        assertThat(any.pagesUpTo(400)).isEqualTo(20);
    }

    @Test
    void aPageIsPastTheEndOnlyWhenItStartsAboveTheHighestFloor() {
        FloorPage second = FloorPage.of(2, 20);
        assertThat(second.pastEnd(20)).isTrue();
        assertThat(second.pastEnd(21)).isFalse();
        assertThat(second.pastEnd(0)).isTrue();
        assertThat(FloorPage.of(1, 20).pastEnd(0)).isTrue();
    }

    @Test
    void pagesStartAtOne() {
        assertThatThrownBy(() -> FloorPage.of(0, 20))
                .isInstanceOf(DomainException.class)
                .hasMessageContaining("1 or more");
        assertThatThrownBy(() -> FloorPage.of(-3, 20)).isInstanceOf(DomainException.class);
    }
}
