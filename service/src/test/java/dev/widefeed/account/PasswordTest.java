package dev.widefeed.account;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.widefeed.kernel.DomainException;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PasswordTest {
    private static final PasswordHasher HASHER =
            new PasswordHasher(new PasswordHasher.Settings(256, 1, 1, 2, Duration.ofSeconds(5)));

    @Test
    void aChosenPasswordHasTenToAHundredTwentyEightCodePoints() {
        assertThatThrownBy(() -> Password.choose("123456789"))
                .isInstanceOf(DomainException.class)
                .hasMessageContaining("at least 10");
        assertThatThrownBy(() -> Password.choose(null)).hasMessageContaining("required");
        assertThat(Password.choose("1234567890").text()).hasSize(10);
        assertThat(Password.choose("🔑".repeat(10)).text())
                .as("ten code points, twenty chars")
                .hasSize(20);
        assertThat(Password.choose("🔑".repeat(128)).text()).hasSize(256);
        assertThatThrownBy(() -> Password.choose("x".repeat(129))).hasMessageContaining("at most 128");
    }

    @Test
    void aPasswordNeverPrintsItsText() {
        assertThat(Password.choose("secret secret").toString()).doesNotContain("secret secret");
    }

    @Test
    void hashesAreSaltedArgon2idAndMatchOnlyTheirPassword() {
        Password password = Password.choose("a long password");
        String hash = HASHER.hash(password);
        assertThat(hash).startsWith("$argon2id$v=19$m=256,t=1,p=1$").doesNotContain("a long password");
        assertThat(HASHER.hash(password)).as("a new salt each time").isNotEqualTo(hash);
        assertThat(HASHER.matches(password, Optional.of(hash))).isTrue();
        assertThat(HASHER.matches(Password.offered("a long passwore"), Optional.of(hash)))
                .isFalse();
        assertThat(HASHER.matches(password, Optional.empty()))
                .as("no hash matches nothing")
                .isFalse();
        assertThat(HASHER.matches(Password.offered("x".repeat(129)), Optional.of(hash)))
                .isFalse();
        assertThat(HASHER.outdated(hash)).isFalse();
        PasswordHasher stronger = new PasswordHasher(new PasswordHasher.Settings(512, 2, 1, 2, Duration.ofSeconds(5)));
        assertThat(stronger.outdated(hash)).isTrue();
        assertThat(stronger.matches(password, Optional.of(hash)))
                .as("an older hash still checks")
                .isTrue();
    }
}
