package io.csc.active;

import java.util.Locale;

/** A person's (or an oracle's) answer to "do these two points belong to the same cluster?". */
public enum Answer {
    /** The two points belong together: a must-link. */
    SAME,
    /** The two points belong apart: a cannot-link. */
    DIFFERENT,
    /** No answer: the pair is not asked again and adds no constraint. */
    DONT_KNOW;

    /** The answer's name in files and requests: {@code same}, {@code different}, {@code dont-know}. */
    public String code() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * The answer named {@code code} ({@link #code()}, case-insensitive).
     *
     * @throws IllegalArgumentException naming the accepted values
     */
    public static Answer parse(String code) {
        if (code != null) {
            for (Answer answer : values()) {
                if (answer.code().equalsIgnoreCase(code.trim())) {
                    return answer;
                }
            }
        }
        throw new IllegalArgumentException("Invalid answer: '" + code + "' (use same, different or dont-know)");
    }
}
