package io.csc.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.csc.active.Answer;
import io.csc.active.PairOracle;
import io.csc.active.PointPair;
import io.csc.constraint.ConstraintSet;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The page in a real browser: headless Chromium driven by Selenium through Debian's chromedriver
 * ({@code apt-get install chromium chromium-driver}; CI installs them). Answers 20 questions, half
 * with the keyboard and half with the mouse, takes one back, and checks the plot, the counters, the
 * session folder and the downloaded constraints. Screenshots go to {@code target/screenshots/}.
 * Without the browser the test is skipped locally and fails under CI ({@code CI=true}).
 */
class PageBrowserTest {

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    private static final Path SCREENSHOTS = Path.of("target", "screenshots");

    private static ActiveServer server;
    private static WebDriver driver;
    private static String base;
    private static Path folder;

    @BeforeAll
    static void start() throws IOException {
        boolean installed = Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
        if (!installed && "true".equals(System.getenv("CI"))) {
            throw new IllegalStateException("CI must install chromium and chromium-driver (see .ci/run)");
        }
        assumeTrue(installed, "chromium and chromium-driver are not installed: apt-get install -y chromium chromium-driver");
        folder = Path.of("target", "browser-session");
        deleteFolder(folder);
        // npu: the strategy csc serve asks by unless told otherwise
        server = ActiveServer.prepare(ServerFixture.wine("npu"), SessionFolder.open(folder),
                ConstraintSet.empty(ServerFixture.WINE.size()));
        base = "http://127.0.0.1:" + server.start("127.0.0.1", 0) + "/";
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=1280,900", "--hide-scrollbars");
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort().build();
        driver = new ChromeDriver(service, options);
        Files.createDirectories(SCREENSHOTS);
    }

    @AfterAll
    static void stop() {
        if (driver != null) {
            driver.quit();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    void answersTwentyQuestionsWithKeyboardAndMouse() throws IOException {
        PairOracle truth = PairOracle.fromTruth(ServerFixture.WINE.labels());
        driver.get(base);
        waitForAnswered(0);
        waitForPlot(1);
        screenshot("page-start");
        String initialPlot = plotImage();
        String initialPlotColours = plotColours();

        List<PointPair> asked = new ArrayList<>();
        List<Answer> given = new ArrayList<>();
        for (int t = 0; t < 20; t++) {
            PointPair pair = shownQuestion();
            Answer answer = truth.answer(pair);
            int version = plotVersion();
            if (t < 10) {
                driver.findElement(By.tagName("body")).sendKeys(answer == Answer.SAME ? "s" : "d");
            } else {
                driver.findElement(By.id(answer == Answer.SAME ? "same" : "different")).click();
            }
            waitForAnswered(t + 1);
            waitForPlot(version + 1);
            asked.add(pair);
            given.add(answer);
            if (t == 4) {
                screenshot("page-after-5");
            }
        }
        // One more, "don't know" by key, taken back by key; then one by mouse, taken back by mouse.
        int version = plotVersion();
        driver.findElement(By.tagName("body")).sendKeys("k");
        waitForAnswered(21);
        waitForPlot(version + 1);
        driver.findElement(By.tagName("body")).sendKeys("u");
        waitForAnswered(20);
        driver.findElement(By.id("dontknow")).click();
        waitForAnswered(21);
        driver.findElement(By.id("undo")).click();
        waitForAnswered(20);
        waitForIdle();
        screenshot("page-after-20");

        assertNotEquals(initialPlot, plotImage(), "the scatter plot changed");
        assertNotEquals(initialPlotColours, plotColours(), "some points changed cluster");
        assertTrue(text("score").matches("\\d\\.\\d{3} \\(\\d+ of 20 guessed right\\)"), text("score"));
        assertEquals("", text("message"), "no error shown");

        String constraints = (String) ((JavascriptExecutor) driver).executeAsyncScript(
                "const done = arguments[arguments.length - 1];"
                        + "fetch(document.getElementById('download-constraints').href).then(r => r.text()).then(done);");
        Files.writeString(SCREENSHOTS.resolve("downloaded-constraints.csv"), constraints);
        Set<String> expected = new HashSet<>();
        for (int t = 0; t < asked.size(); t++) {
            PointPair pair = asked.get(t);
            expected.add(pair.first() + "," + pair.second() + "," + (given.get(t) == Answer.SAME ? "ML" : "CL") + ",1");
        }
        List<String> lines = constraints.strip().lines().toList();
        assertEquals("i,j,type,weight", lines.get(0));
        assertEquals(expected, new HashSet<>(lines.subList(1, lines.size())), "the download holds the 20 answers");
        assertEquals(21, Files.readAllLines(folder.resolve(SessionFolder.ANSWERS)).size(), "saved as they arrived");
    }

    private PointPair shownQuestion() {
        waitForIdle();
        int first = Integer.parseInt(driver.findElement(By.id("question-first")).getAttribute("data-index"));
        int second = Integer.parseInt(driver.findElement(By.id("question-second")).getAttribute("data-index"));
        return new PointPair(first, second);
    }

    private void waitForAnswered(int count) {
        waiting().until(d -> text("answered").equals(String.valueOf(count))
                && "false".equals(d.findElement(By.tagName("body")).getAttribute("data-busy")));
    }

    private void waitForPlot(int version) {
        waiting().until(d -> plotVersion() >= version);
    }

    private void waitForIdle() {
        waiting().until(d ->
                "false".equals(d.findElement(By.tagName("body")).getAttribute("data-busy")));
    }

    /** Waits up to 30 s, looking every 25 ms. */
    private static WebDriverWait waiting() {
        WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(30));
        wait.pollingEvery(Duration.ofMillis(25));
        return wait;
    }

    private int plotVersion() {
        String value = driver.findElement(By.id("plot")).getAttribute("data-version");
        return value == null ? 0 : Integer.parseInt(value);
    }

    private String plotImage() {
        return (String) ((JavascriptExecutor) driver).executeScript("return document.getElementById('plot').toDataURL();");
    }

    private String plotColours() {
        return (String) ((JavascriptExecutor) driver).executeAsyncScript(
                "const done = arguments[arguments.length - 1];"
                        + "fetch('/api/plot').then(r => r.json()).then(p => done(p.colour.join(',')));");
    }

    private String text(String id) {
        WebElement element = driver.findElement(By.id(id));
        return element.getText().strip();
    }

    private void screenshot(String name) throws IOException {
        File shot = ((TakesScreenshot) driver).getScreenshotAs(OutputType.FILE);
        Files.copy(shot.toPath(), SCREENSHOTS.resolve(name + ".png"), StandardCopyOption.REPLACE_EXISTING);
    }

    private static void deleteFolder(Path path) throws IOException {
        if (!Files.exists(path)) {
            return;
        }
        try (var files = Files.walk(path)) {
            for (Path file : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        }
    }
}
