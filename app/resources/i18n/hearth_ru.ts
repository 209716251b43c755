<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU">
<context>
    <name>Activity</name>
    <message>
        <source>Remembering…</source>
        <translation>Запоминаю…</translation>
    </message>
    <message>
        <source>Summarizing…</source>
        <translation>Подвожу итоги…</translation>
    </message>
    <message>
        <source>Writing the day&apos;s digest…</source>
        <translation>Пишу итог дня…</translation>
    </message>
    <message>
        <source>Reflecting…</source>
        <translation>Размышляю…</translation>
    </message>
    <message>
        <source>Summarizing earlier messages…</source>
        <translation>Пересказываю ранние сообщения…</translation>
    </message>
    <message>
        <source>Getting ready for your next message…</source>
        <translation>Готовлюсь к вашему следующему сообщению…</translation>
    </message>
    <message>
        <source>Working…</source>
        <translation>Работаю…</translation>
    </message>
    <message>
        <source>Background work</source>
        <translation>Фоновая работа</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Отменено.</translation>
    </message>
    <message>
        <source>Thinking of a question for today…</source>
        <translation>Придумываю вопрос на сегодня…</translation>
    </message>
</context>
<context>
    <name>ActivityIndicator</name>
    <message>
        <source>Background activity</source>
        <translation>Фоновая работа</translation>
    </message>
    <message>
        <source>it failed</source>
        <translation>произошла ошибка</translation>
    </message>
    <message>
        <source>{what} did not finish: {message}. It will be tried again.</source>
        <translation>{what} — не получилось: {message}. Попробую ещё раз.</translation>
    </message>
</context>
<context>
    <name>BudgetGauge</name>
    <message>
        <source>Instructions</source>
        <translation>Инструкции</translation>
    </message>
    <message>
        <source>Memory about you</source>
        <translation>Память о вас</translation>
    </message>
    <message>
        <source>Reflections</source>
        <translation>Размышления</translation>
    </message>
    <message>
        <source>Summary of earlier turns</source>
        <translation>Пересказ начала разговора</translation>
    </message>
    <message>
        <source>This conversation, word for word</source>
        <translation>Этот разговор дословно</translation>
    </message>
    <message>
        <source>Recalled past entries</source>
        <translation>Вспомненные записи</translation>
    </message>
    <message>
        <source>Your new message</source>
        <translation>Ваше новое сообщение</translation>
    </message>
    <message>
        <source>Reserved for the reply</source>
        <translation>Запас для ответа</translation>
    </message>
    <message>
        <source>Your message has {count} characters; one entry holds at most {limit}. Split it into several entries.</source>
        <translation>Символов в сообщении: {count}; в одной записи — не больше {limit}. Разделите его на несколько записей.</translation>
    </message>
    <message>
        <source>Your message alone needs {tokens} tokens; a prompt holds at most {room}. Only its beginning and end would reach the model.</source>
        <translation>Токенов, нужных одному вашему сообщению: {tokens}; в запрос помещается не больше {room}. До модели дойдут только его начало и конец.</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>Свободно</translation>
    </message>
    <message>
        <source>&lt;b&gt;{used}&lt;/b&gt; of &lt;b&gt;{n_ctx}&lt;/b&gt; tokens of context ({percent}%)</source>
        <translation>&lt;b&gt;{used}&lt;/b&gt; из &lt;b&gt;{n_ctx}&lt;/b&gt; токенов контекста ({percent}%)</translation>
    </message>
    <message>
        <source>Older turns are being folded into the summary.</source>
        <translation>Ранние реплики сворачиваются в пересказ.</translation>
    </message>
    <message>
        <source>Almost full.</source>
        <translation>Почти заполнено.</translation>
    </message>
    <message>
        <source>Next prompt</source>
        <translation>Следующий запрос</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>Контекст</translation>
    </message>
    <message>
        <source>Token budget of the next prompt</source>
        <translation>Бюджет токенов следующего запроса</translation>
    </message>
    <message>
        <source>The next prompt&apos;s size appears once the model is ready.</source>
        <translation>Размер следующего запроса появится, когда модель будет готова.</translation>
    </message>
    <message>
        <source>&lt;p&gt;≈ The model server cannot count tokens, so these are estimates; Hearth keeps a safety margin free.&lt;/p&gt;</source>
        <translation>&lt;p&gt;≈ Сервер модели не умеет считать токены, поэтому это оценка; Hearth оставляет запас.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>{used} of {n_ctx} tokens used</source>
        <translation>занято {used} из {n_ctx} токенов</translation>
    </message>
    <message>
        <source>, over the limit:</source>
        <translation>, сверх предела:</translation>
    </message>
    <message>
        <source>, almost full</source>
        <translation>, почти заполнено</translation>
    </message>
    <message>
        <source>Over the limit</source>
        <translation>Сверх предела</translation>
    </message>
    <message>
        <source>Summarizing older turns…</source>
        <translation>Пересказываю ранние реплики…</translation>
    </message>
    <message>
        <source>Almost full</source>
        <translation>Почти заполнено</translation>
    </message>
</context>
<context>
    <name>CalendarPanel</name>
    <message>
        <source>Previous month (Page Up)</source>
        <translation>Предыдущий месяц (Page Up)</translation>
    </message>
    <message>
        <source>Previous month</source>
        <translation>Предыдущий месяц</translation>
    </message>
    <message>
        <source>Next month (Page Down)</source>
        <translation>Следующий месяц (Page Down)</translation>
    </message>
    <message>
        <source>Next month</source>
        <translation>Следующий месяц</translation>
    </message>
    <message>
        <source>Calendar</source>
        <translation>Календарь</translation>
    </message>
    <message>
        <source>Days with entries are marked; the bigger the dot, the more you wrote. Arrows move, Enter opens a day.</source>
        <translation>Дни с записями отмечены точкой: чем она больше, тем больше вы написали. Стрелки — перейти, Enter — открыть день.</translation>
    </message>
    <message>
        <source>Streak: {current} · longest: {longest}</source>
        <translation>Подряд: {current} · рекорд: {longest}</translation>
    </message>
</context>
<context>
    <name>Catalog</name>
    <message>
        <source>Recommended. Strong in English and Russian, and good in many more languages; the best choice for a diary kept in more than one language.</source>
        <translation>Рекомендуется. Хорошо пишет по-английски и по-русски и неплохо — на многих других языках; лучший выбор для дневника, который ведут больше чем на одном языке.</translation>
    </message>
    <message>
        <source>Good English writing. Russian is not an officially supported language: it understands Russian but answers in it noticeably worse than Qwen2.5.</source>
        <translation>Хорошо пишет по-английски. Русский официально не поддерживается: модель понимает русский, но отвечает на нём заметно хуже, чем Qwen2.5.</translation>
    </message>
</context>
<context>
    <name>Chart</name>
    <message>
        <source>d MMM yyyy</source>
        <translation>d MMM yyyy</translation>
    </message>
    <message>
        <source>d MMM</source>
        <translation>d MMM</translation>
    </message>
</context>
<context>
    <name>ChatDelegate</name>
    <message>
        <source>writing…</source>
        <translation>пишет…</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>прервано</translation>
    </message>
</context>
<context>
    <name>ChatModel</name>
    <message>
        <source>You</source>
        <translation>Вы</translation>
    </message>
    <message>
        <source>Companion</source>
        <translation>Собеседник</translation>
    </message>
</context>
<context>
    <name>ChatView</name>
    <message>
        <source>Nothing written here yet.
How was your day?</source>
        <translation>Здесь пока ничего нет.
Как прошёл ваш день?</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Копировать</translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation>Разговор</translation>
    </message>
    <message>
        <source>Messages of the selected day, oldest at the top</source>
        <translation>Сообщения выбранного дня, ранние сверху</translation>
    </message>
    <message>
        <source>&amp;Regenerate reply</source>
        <translation>&amp;Ответить заново</translation>
    </message>
    <message>
        <source>&amp;Delete entry…</source>
        <translation>&amp;Удалить запись…</translation>
    </message>
</context>
<context>
    <name>Cli</name>
    <message>
        <source>positional arguments</source>
        <translation>позиционные аргументы</translation>
    </message>
    <message>
        <source>options</source>
        <translation>параметры</translation>
    </message>
    <message>
        <source>show this help message and exit</source>
        <translation>показать эту справку и выйти</translation>
    </message>
    <message>
        <source>{prog}: error: {message}</source>
        <translation>{prog}: ошибка: {message}</translation>
    </message>
    <message>
        <source>usage: </source>
        <translation>использование: </translation>
    </message>
    <message>
        <source>the following arguments are required: {names}</source>
        <translation>не хватает обязательных аргументов: {names}</translation>
    </message>
    <message>
        <source>unrecognized arguments: {words}</source>
        <translation>непонятные аргументы: {words}</translation>
    </message>
    <message>
        <source>argument {name}: invalid choice: {value} (choose from {choices})</source>
        <translation>аргумент {name}: недопустимое значение {value} (можно: {choices})</translation>
    </message>
    <message>
        <source>argument {name}: expected one argument</source>
        <translation>аргумент {name}: нужно одно значение</translation>
    </message>
    <message>
        <source>argument {name}: invalid {kind} value: {value}</source>
        <translation>аргумент {name}: недопустимое значение {value} (ожидается {kind})</translation>
    </message>
    <message>
        <source>argument {name}: not allowed with argument {other}</source>
        <translation>аргумент {name}: нельзя вместе с аргументом {other}</translation>
    </message>
    <message>
        <source>argument {name}: ignored explicit argument {value}</source>
        <translation>аргумент {name}: значение {value} здесь не нужно</translation>
    </message>
    <message>
        <source>ambiguous option: {option} could match {matches}</source>
        <translation>неоднозначный параметр {option}: подходят {matches}</translation>
    </message>
    <message>
        <source>argument {name}: {message}</source>
        <translation>аргумент {name}: {message}</translation>
    </message>
    <message>
        <source>Hearth: a private diary companion that runs on your own computer.</source>
        <translation>Hearth — личный дневник с собеседником, который работает на вашем компьютере.</translation>
    </message>
    <message>
        <source>show the version and exit</source>
        <translation>показать версию и выйти</translation>
    </message>
    <message>
        <source>where the diary, settings and models live (default: $HEARTH_DATA_DIR or the user data dir); an empty folder or one that holds a Hearth diary</source>
        <translation>где хранятся дневник, настройки и модели (по умолчанию: $HEARTH_DATA_DIR или папка данных пользователя); пустая папка или папка с дневником Hearth</translation>
    </message>
    <message>
        <source>cannot use the data directory:</source>
        <translation>нельзя использовать папку данных:</translation>
    </message>
    <message>
        <source>Pass --data-dir DIR.</source>
        <translation>Укажите --data-dir ПАПКА.</translation>
    </message>
    <message>
        <source>write to your diary from the terminal (one message per line)</source>
        <translation>писать в дневник из терминала (одно сообщение — одна строка)</translation>
    </message>
    <message>
        <source>a .gguf model file (default: the chosen one)</source>
        <translation>файл модели .gguf (по умолчанию — выбранная модель)</translation>
    </message>
    <message>
        <source>print every event as one JSON line</source>
        <translation>выводить каждое событие одной строкой JSON</translation>
    </message>
    <message>
        <source>context size (default: from settings)</source>
        <translation>размер контекста (по умолчанию — из настроек)</translation>
    </message>
    <message>
        <source>write the digest of a finished day (or its week)</source>
        <translation>написать сводку законченного дня (или его недели)</translation>
    </message>
    <message>
        <source>the digest of the day&apos;s week instead</source>
        <translation>вместо этого — сводку недели этого дня</translation>
    </message>
    <message>
        <source>revise the companion&apos;s observations about patterns now</source>
        <translation>пересмотреть размышления собеседника о закономерностях сейчас</translation>
    </message>
    <message>
        <source>use a model on an OpenAI-compatible server (llama.cpp, vLLM, …)</source>
        <translation>использовать модель на OpenAI-совместимом сервере (llama.cpp, vLLM, …)</translation>
    </message>
    <message>
        <source>the model (default: its first)</source>
        <translation>модель (по умолчанию — первая на сервере)</translation>
    </message>
    <message>
        <source>allow a server outside this computer and home (https)</source>
        <translation>разрешить сервер за пределами этого компьютера и домашней сети (https)</translation>
    </message>
    <message>
        <source>(using the bundled tiny model: replies are simple; `hearth models pull` gets a better one)</source>
        <translation>(работает встроенная маленькая модель: ответы простые; `hearth models pull` скачает модель получше)</translation>
    </message>
    <message>
        <source>(this server cannot count tokens: the context is estimated, with a safety margin)</source>
        <translation>(этот сервер не умеет считать токены: заполненность контекста оценивается приблизительно, с запасом)</translation>
    </message>
    <message>
        <source>{text} is not a context size: give a number of tokens, at least {least}</source>
        <translation>{text} — не размер контекста: укажите число токенов, не меньше {least}</translation>
    </message>
    <message>
        <source>[stopped]</source>
        <translation>[остановлено]</translation>
    </message>
    <message>
        <source>undated</source>
        <translation>без даты</translation>
    </message>
    <message>
        <source>; and {n} more</source>
        <translation>; и ещё {n}</translation>
    </message>
    <message>
        <source>Line {n} is not UTF-8 text, so it was not saved. Convert the input to UTF-8 (for example: iconv -f cp1251 -t utf-8) and send it again.</source>
        <translation>Строка {n} — не текст в UTF-8, поэтому она не сохранена. Переведите ввод в UTF-8 (например: iconv -f cp1251 -t utf-8) и отправьте снова.</translation>
    </message>
    <message>
        <source>Line {n} was not saved: {reason}</source>
        <translation>Строка {n} не сохранена: {reason}</translation>
    </message>
    <message>
        <source>Line {n} was not saved, and neither were the lines after it: send them again once that is fixed.</source>
        <translation>Строка {n} не сохранена, как и строки после неё: отправьте их снова, когда это будет исправлено.</translation>
    </message>
    <message>
        <source>Line {n} is as long as a terminal line can be, so the terminal may have cut what was pasted past it; what it kept was saved. For a long entry, send a file: hearth chat &lt; entry.txt</source>
        <translation>Строка {n} длиной с предел строки терминала, поэтому терминал мог обрезать то, что было вставлено дальше; сохранено то, что он оставил. Длинную запись лучше отправить файлом: hearth chat &lt; entry.txt</translation>
    </message>
    <message>
        <source>Words you had not sent from the window are kept in its message box: {words}</source>
        <translation>Слова, которые вы не отправили из окна, сохранены в его поле ввода: {words}</translation>
    </message>
    <message>
        <source>the week of {day} ends after {last}, the last day Hearth&apos;s calendar knows. Choose a day before {monday} for a weekly digest.</source>
        <translation>неделя с днём {day} заканчивается после {last} — последнего дня, который знает календарь Hearth. Для итога недели выберите день до {monday}.</translation>
    </message>
    <message>
        <source>nothing was written on {day} (or its week); there is nothing to digest.</source>
        <translation>за {day} (и за ту неделю) ничего не написано; подводить итог не из чего.</translation>
    </message>
    <message>
        <source>(no observations yet: they need digests of at least two days)</source>
        <translation>(наблюдений пока нет: для них нужны итоги хотя бы двух дней)</translation>
    </message>
    <message>
        <source>expected a whole number from {low} to {high}, not {raw}</source>
        <translation>ожидается целое число от {low} до {high}, а не {raw}</translation>
    </message>
    <message>
        <source>must be from {low} to {high}, not {raw}</source>
        <translation>должно быть от {low} до {high}, а не {raw}</translation>
    </message>
    <message>
        <source>search everything you wrote</source>
        <translation>искать по всему, что вы написали</translation>
    </message>
    <message>
        <source>Search everything you wrote. Words may begin with a dash (hearth search -garden); options begin with two dashes, and after -- everything is a word (hearth search -- --json).</source>
        <translation>Поиск по всему, что вы написали. Слова могут начинаться с дефиса (hearth search -сад); параметры начинаются с двух дефисов, а после -- всё считается словами (hearth search -- --json).</translation>
    </message>
    <message>
        <source>print JSON</source>
        <translation>вывести JSON</translation>
    </message>
    <message>
        <source>at most this many results, 1-{limit} (default 20)</source>
        <translation>не больше стольких результатов, 1–{limit} (по умолчанию 20)</translation>
    </message>
    <message>
        <source>delete one entry for good (ids: hearth search --json)</source>
        <translation>удалить одну запись навсегда (номера: hearth search --json)</translation>
    </message>
    <message>
        <source>really delete it</source>
        <translation>действительно удалить</translation>
    </message>
    <message>
        <source>export the diary as Markdown or JSON</source>
        <translation>выгрузить дневник в Markdown или JSON</translation>
    </message>
    <message>
        <source>md, json, or (an encrypted diary) an encrypted archive `hearth restore` reads</source>
        <translation>md, json или (для зашифрованного дневника) зашифрованный архив, который читает `hearth restore`</translation>
    </message>
    <message>
        <source>write here (default: standard output)</source>
        <translation>куда записать (по умолчанию — в стандартный вывод)</translation>
    </message>
    <message>
        <source>an encrypted diary: really write it unencrypted (else you are asked)</source>
        <translation>зашифрованный дневник: действительно записать его без шифрования (иначе будет вопрос)</translation>
    </message>
    <message>
        <source>import a JSON export into an empty diary</source>
        <translation>загрузить JSON-выгрузку в пустой дневник</translation>
    </message>
    <message>
        <source>make a backup now</source>
        <translation>сделать резервную копию сейчас</translation>
    </message>
    <message>
        <source>restore a backup (default: the latest)</source>
        <translation>восстановить резервную копию (по умолчанию — последнюю)</translation>
    </message>
    <message>
        <source>erase the whole diary, its memory and backups</source>
        <translation>стереть весь дневник, его память и резервные копии</translation>
    </message>
    <message>
        <source>really erase everything</source>
        <translation>действительно стереть всё</translation>
    </message>
    <message>
        <source>&quot;Memory about you&quot;: list, add, edit, delete, pin facts</source>
        <translation>«Память о вас»: показать, добавить, изменить, удалить, закрепить факты</translation>
    </message>
    <message>
        <source>list the facts</source>
        <translation>показать факты</translation>
    </message>
    <message>
        <source>include retired facts</source>
        <translation>включая заменённые факты</translation>
    </message>
    <message>
        <source>add a fact</source>
        <translation>добавить факт</translation>
    </message>
    <message>
        <source>change a fact&apos;s text</source>
        <translation>изменить текст факта</translation>
    </message>
    <message>
        <source>delete a fact for good</source>
        <translation>удалить факт навсегда</translation>
    </message>
    <message>
        <source>pin a fact (always in the prompt)</source>
        <translation>закрепить факт (всегда в запросе)</translation>
    </message>
    <message>
        <source>unpin instead</source>
        <translation>вместо этого открепить</translation>
    </message>
    <message>
        <source>names your entries use often without saying who they are</source>
        <translation>имена, которые часто встречаются в записях, но не сказано, кто это</translation>
    </message>
    <message>
        <source>also the names you said &quot;Not now&quot; to in the window</source>
        <translation>и те имена, на которые в окне вы ответили «Не сейчас»</translation>
    </message>
    <message>
        <source>let the window ask again about the names you said &quot;Not now&quot; to</source>
        <translation>чтобы окно снова спросило об именах, на которые вы ответили «Не сейчас»</translation>
    </message>
    <message>
        <source>No matches.</source>
        <translation>Ничего не найдено.</translation>
    </message>
    <message>
        <source>This deletes entry {id} for good: {entry}</source>
        <translation>Это навсегда удалит запись {id}: {entry}</translation>
    </message>
    <message>
        <source>Deleted entry {id}.</source>
        <translation>Запись {id} удалена.</translation>
    </message>
    <message>
        <source>you</source>
        <translation>вы</translation>
    </message>
    <message>
        <source>companion</source>
        <translation>собеседник</translation>
    </message>
    <message>
        <source>There is no entry {id}.</source>
        <translation>Записи {id} нет.</translation>
    </message>
    <message>
        <source>Find entry ids with `hearth search WORD --json`.</source>
        <translation>Номера записей можно найти командой `hearth search СЛОВО --json`.</translation>
    </message>
    <message>
        <source>No facts yet. Add one with: hearth facts add TEXT</source>
        <translation>Фактов пока нет. Добавить: hearth facts add ТЕКСТ</translation>
    </message>
    <message>
        <source>(retired)</source>
        <translation>(заменён)</translation>
    </message>
    <message>
        <source>Added fact #{id}.</source>
        <translation>Факт №{id} добавлен.</translation>
    </message>
    <message>
        <source>Hearth knows who everyone your entries often name is.</source>
        <translation>Hearth знает, кто все, кого вы часто упоминаете.</translation>
    </message>
    <message>
        <source>Your entries often name these, but never say who they are:</source>
        <translation>Эти имена часто встречаются в записях, но нигде не сказано, кто это:</translation>
    </message>
    <message>
        <source>Say who with a fact, for example: {command}</source>
        <translation>Добавьте факт о том, кто это, например: {command}</translation>
    </message>
    <message>
        <source>Changed fact #{id}.</source>
        <translation>Факт №{id} изменён.</translation>
    </message>
    <message>
        <source>Deleted fact #{id}; it will not be re-learned automatically.</source>
        <translation>Факт №{id} удалён; автоматически он больше не запомнится.</translation>
    </message>
    <message>
        <source>Pinned fact #{id}.</source>
        <translation>Факт №{id} закреплён.</translation>
    </message>
    <message>
        <source>Unpinned fact #{id}.</source>
        <translation>Факт №{id} откреплён.</translation>
    </message>
    <message>
        <source>Exported to {path}.</source>
        <translation>Экспортировано в {path}.</translation>
    </message>
    <message>
        <source>Hearth diary</source>
        <translation>Дневник Hearth</translation>
    </message>
    <message>
        <source>Memory about you</source>
        <translation>Память о вас</translation>
    </message>
    <message>
        <source>Reflections</source>
        <translation>Наблюдения</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Заметка</translation>
    </message>
    <message>
        <source>{kind}, importance {importance}</source>
        <translation>{kind}, важность {importance}</translation>
    </message>
    <message>
        <source>pinned</source>
        <translation>закреплён</translation>
    </message>
    <message>
        <source>retired</source>
        <translation>устарел</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>прервано</translation>
    </message>
    <message>
        <source>Write the diary unencrypted to {where}? [y/N] </source>
        <translation>Записать дневник без шифрования в {where}? [д/Н] </translation>
    </message>
    <message>
        <source>Write the diary unencrypted to the terminal? [y/N] </source>
        <translation>Вывести дневник без шифрования в терминал? [д/Н] </translation>
    </message>
    <message>
        <source>Encrypted archive written: {out} (restore it with `hearth restore {out}`).</source>
        <translation>Зашифрованный архив записан: {out} (восстановить: `hearth restore {out}`).</translation>
    </message>
    <message>
        <source>Backup written: {path}</source>
        <translation>Резервная копия записана: {path}</translation>
    </message>
    <message>
        <source>Passed over {name}: {reason}</source>
        <translation>Копия {name} пропущена: {reason}</translation>
    </message>
    <message>
        <source>Downloaded models, finished or not, are kept in {folder}: they hold nothing of your diary.</source>
        <translation>Скачанные модели (в том числе недокачанные) остаются в {folder}: в них нет ничего из вашего дневника.</translation>
    </message>
    <message>
        <source>There is no backup to restore.</source>
        <translation>Резервной копии для восстановления нет.</translation>
    </message>
    <message>
        <source>words to look for: entries with every word; if none has them all, entries with any of them</source>
        <translation>слова для поиска: записи со всеми словами; если таких нет — записи с любым из них</translation>
    </message>
    <message>
        <source>Run `{command}` to do it.</source>
        <translation>Чтобы удалить, выполните `{command}`.</translation>
    </message>
    <message>
        <source>{name} is my friend</source>
        <translation>{name} — мой друг</translation>
    </message>
    <message>
        <source>Give the path of a backup file.</source>
        <translation>Укажите путь к файлу резервной копии.</translation>
    </message>
    <message>
        <source>The backup is encrypted and this diary is not.</source>
        <translation>Резервная копия зашифрована, а этот дневник — нет.</translation>
    </message>
    <message>
        <source>Turn encryption on here with the backup&apos;s passphrase (`hearth encryption on`), then restore it.</source>
        <translation>Включите здесь шифрование с парольной фразой этой копии (`hearth encryption on`), затем восстановите её.</translation>
    </message>
    <message>
        <source>Restored {path}.</source>
        <translation>Восстановлено из {path}.</translation>
    </message>
    <message>
        <source>Restored {path}. The state before the restore was backed up first.</source>
        <translation>Восстановлено из {path}. Состояние до восстановления сначала сохранено в резервную копию.</translation>
    </message>
    <message>
        <source>Passphrase of the backup: </source>
        <translation>Парольная фраза резервной копии: </translation>
    </message>
    <message>
        <source>This erases every entry, fact, summary and backup for good.</source>
        <translation>Это навсегда сотрёт все записи, факты, пересказы и резервные копии.</translation>
    </message>
    <message>
        <source>Run `hearth forget-everything --yes` to do it.</source>
        <translation>Чтобы стереть, выполните `hearth forget-everything --yes`.</translation>
    </message>
    <message>
        <source>Everything was erased. A new diary was started, not encrypted (`hearth encryption on` encrypts it).</source>
        <translation>Всё стёрто. Начат новый дневник, без шифрования (`hearth encryption on` зашифрует его).</translation>
    </message>
    <message>
        <source>Everything was erased.</source>
        <translation>Всё стёрто.</translation>
    </message>
    <message>
        <source>copying the diary</source>
        <translation>копирую дневник</translation>
    </message>
    <message>
        <source>checking the copy</source>
        <translation>проверяю копию</translation>
    </message>
    <message>
        <source>marking the diary encrypted</source>
        <translation>отмечаю дневник как зашифрованный</translation>
    </message>
    <message>
        <source>putting the copy in place</source>
        <translation>ставлю копию на место</translation>
    </message>
    <message>
        <source>shredding the old file</source>
        <translation>затираю старый файл</translation>
    </message>
    <message>
        <source>re-writing the backups</source>
        <translation>перезаписываю резервные копии</translation>
    </message>
    <message>
        <source>New passphrase: </source>
        <translation>Новая парольная фраза: </translation>
    </message>
    <message>
        <source>encrypt the diary with a passphrase (SQLCipher), or decrypt it, or change the passphrase</source>
        <translation>зашифровать дневник парольной фразой (SQLCipher), расшифровать его или сменить парольную фразу</translation>
    </message>
    <message>
        <source>Encryption at rest. Passphrases are asked on the terminal, or read from the file named by {env} (the new one for `change`: {new_env}). A forgotten passphrase cannot be recovered.</source>
        <translation>Шифрование хранимых данных. Парольные фразы спрашиваются в терминале или читаются из файла, указанного в {env} (новая для `change` — в {new_env}). Забытую парольную фразу восстановить нельзя.</translation>
    </message>
    <message>
        <source>encrypted</source>
        <translation>зашифрован</translation>
    </message>
    <message>
        <source>not encrypted</source>
        <translation>не зашифрован</translation>
    </message>
    <message>
        <source>The diary is already encrypted (`hearth encryption change` sets a new passphrase).</source>
        <translation>Дневник уже зашифрован (новую парольную фразу задаёт `hearth encryption change`).</translation>
    </message>
    <message>
        <source>The diary is not encrypted (`hearth encryption on` encrypts it).</source>
        <translation>Дневник не зашифрован (зашифровать его: `hearth encryption on`).</translation>
    </message>
    <message>
        <source>encryption:</source>
        <translation>шифрование:</translation>
    </message>
    <message>
        <source>The diary and its backups are encrypted. Keep the passphrase safe: without it the diary cannot be opened, by anyone.</source>
        <translation>Дневник и его резервные копии зашифрованы. Сохраните парольную фразу: без неё дневник не откроет никто.</translation>
    </message>
    <message>
        <source>The diary and its backups are no longer encrypted.</source>
        <translation>Дневник и его резервные копии больше не зашифрованы.</translation>
    </message>
    <message>
        <source>The passphrase was changed; the diary and its backups use the new one.</source>
        <translation>Парольная фраза изменена; дневник и его резервные копии теперь открываются новой.</translation>
    </message>
    <message>
        <source>open the desktop app (the default)</source>
        <translation>открыть приложение (по умолчанию)</translation>
    </message>
    <message>
        <source>save PNGs of the main views in light and dark (uses a made-up diary, not yours)</source>
        <translation>сохранить PNG главных экранов в светлой и тёмной теме (на выдуманном дневнике, не на вашем)</translation>
    </message>
    <message>
        <source>where to write the PNG files</source>
        <translation>куда записать файлы PNG</translation>
    </message>
    <message>
        <source>which theme(s) to capture</source>
        <translation>какие темы снимать</translation>
    </message>
    <message>
        <source>interface language(s) to capture (ru: Russian interface and a Russian diary)</source>
        <translation>языки интерфейса для снимков (ru — русский интерфейс и русский дневник)</translation>
    </message>
    <message>
        <source>recall by meaning: show the index (--status) or build it now</source>
        <translation>поиск по смыслу: показать индекс (--status) или построить его сейчас</translation>
    </message>
    <message>
        <source>only say how much of the diary is indexed</source>
        <translation>только сказать, какая часть дневника проиндексирована</translation>
    </message>
    <message>
        <source>print the status as JSON</source>
        <translation>вывести состояние в JSON</translation>
    </message>
    <message>
        <source>stopped; what was indexed is kept.</source>
        <translation>остановлено; проиндексированное сохранено.</translation>
    </message>
    <message>
        <source>indexing… {indexed} of {total}</source>
        <translation>индексирование… {indexed} из {total}</translation>
    </message>
    <message>
        <source>list, download and choose the language model</source>
        <translation>показать, скачать и выбрать языковую модель</translation>
    </message>
    <message>
        <source>the recommended models and which are downloaded</source>
        <translation>рекомендованные модели и какие из них скачаны</translation>
    </message>
    <message>
        <source>machine-readable output</source>
        <translation>вывод для программ (JSON)</translation>
    </message>
    <message>
        <source>download a recommended model (resumes, verifies sha256)</source>
        <translation>скачать рекомендованную модель (с докачкой и проверкой sha256)</translation>
    </message>
    <message>
        <source>catalog name (default: {name})</source>
        <translation>имя в каталоге (по умолчанию: {name})</translation>
    </message>
    <message>
        <source>hub address (default: $HF_ENDPOINT or huggingface.co)</source>
        <translation>адрес хаба (по умолчанию: $HF_ENDPOINT или huggingface.co)</translation>
    </message>
    <message>
        <source>choose the model: a catalog name, a .gguf path, or &apos;auto&apos;</source>
        <translation>выбрать модель: имя из каталога, путь к .gguf или &apos;auto&apos;</translation>
    </message>
    <message>
        <source>which model Hearth will use, and why</source>
        <translation>какую модель будет использовать Hearth и почему</translation>
    </message>
    <message>
        <source>the recommended model</source>
        <translation>рекомендованная модель</translation>
    </message>
    <message>
        <source>trained context {n}</source>
        <translation>обучена на контексте {n}</translation>
    </message>
    <message>
        <source>languages: {codes}</source>
        <translation>языки: {codes}</translation>
    </message>
    <message>
        <source>licence: {licence}</source>
        <translation>лицензия: {licence}</translation>
    </message>
    <message>
        <source>Download: hearth models pull NAME    Use your own file: hearth models use PATH.gguf</source>
        <translation>Скачать: hearth models pull ИМЯ    Свой файл: hearth models use ПУТЬ.gguf</translation>
    </message>
    <message>
        <source>recommended</source>
        <translation>рекомендуется</translation>
    </message>
    <message>
        <source>downloaded</source>
        <translation>скачана</translation>
    </message>
    <message>
        <source>partial {percent}%</source>
        <translation>скачано {percent}%</translation>
    </message>
    <message>
        <source>not downloaded</source>
        <translation>не скачана</translation>
    </message>
    <message>
        <source>in use</source>
        <translation>используется</translation>
    </message>
    <message>
        <source>there is no model called {name}.</source>
        <translation>модели с именем {name} нет.</translation>
    </message>
    <message>
        <source>Choose one of: {names}.</source>
        <translation>Выберите одну из: {names}.</translation>
    </message>
    <message>
        <source>{title} is already downloaded and verified: {path}</source>
        <translation>{title} уже скачана и проверена: {path}</translation>
    </message>
    <message>
        <source>Downloading {title} ({size}) from {repo}, resuming at {done}.</source>
        <translation>Скачиваю {title} ({size}) из {repo}, продолжаю с {done}.</translation>
    </message>
    <message>
        <source>Downloading {title} ({size}) from {repo}.</source>
        <translation>Скачиваю {title} ({size}) из {repo}.</translation>
    </message>
    <message>
        <source>Ctrl+C pauses; run the same command to resume.</source>
        <translation>Ctrl+C — пауза; чтобы продолжить, запустите ту же команду.</translation>
    </message>
    <message>
        <source>Paused: {done} of {total} kept. Resume with: {command}</source>
        <translation>Пауза: сохранено {done} из {total}. Продолжить: {command}</translation>
    </message>
    <message>
        <source>Downloaded and verified: {path}</source>
        <translation>Скачано и проверено: {path}</translation>
    </message>
    <message>
        <source>Hearth will use {title} from its next start.</source>
        <translation>Hearth будет использовать {title} со следующего запуска.</translation>
    </message>
    <message>
        <source>To use it: hearth models use {name}</source>
        <translation>Чтобы использовать её: hearth models use {name}</translation>
    </message>
    <message>
        <source>{title} is not downloaded yet.</source>
        <translation>{title} ещё не скачана.</translation>
    </message>
    <message>
        <source>Download it first: {command}</source>
        <translation>Сначала скачайте её: {command}</translation>
    </message>
    <message>
        <source>Note: the context size in settings ({n}) is larger than this model was trained for ({trained}); lower it in the settings.</source>
        <translation>Обратите внимание: размер контекста в настройках ({n}) больше, чем тот, на котором обучена эта модель ({trained}); уменьшите его в настройках.</translation>
    </message>
    <message>
        <source>no model is available.</source>
        <translation>нет ни одной модели.</translation>
    </message>
    <message>
        <source>Download one: {command}</source>
        <translation>Скачайте модель: {command}</translation>
    </message>
    <message>
        <source>Hearth will use {name} from its next start: {reason}.</source>
        <translation>Hearth будет использовать {name} со следующего запуска: {reason}.</translation>
    </message>
    <message>
        <source>File: {path}</source>
        <translation>Файл: {path}</translation>
    </message>
    <message>
        <source>no model is available: none is downloaded and the bundled tiny model is not installed.</source>
        <translation>нет ни одной модели: ничего не скачано, а встроенная маленькая модель не установлена.</translation>
    </message>
    <message>
        <source>Download the recommended model: {command}</source>
        <translation>Скачайте рекомендованную модель: {command}</translation>
    </message>
    <message>
        <source>Warning: {problem}</source>
        <translation>Внимание: {problem}</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>авто</translation>
    </message>
    <message>
        <source>context {n}, GPU layers {layers}, threads {threads}, KV cache {cache}</source>
        <translation>контекст {n}, слоёв на GPU {layers}, потоков {threads}, KV-кэш {cache}</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>Модель:</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>Файл:</translation>
    </message>
    <message>
        <source>Why:</source>
        <translation>Почему:</translation>
    </message>
    <message>
        <source>Settings:</source>
        <translation>Настройки:</translation>
    </message>
    <message>
        <source>chosen in settings</source>
        <translation>выбрана в настройках</translation>
    </message>
    <message>
        <source>the downloaded recommended model (no model chosen in settings)</source>
        <translation>скачанная рекомендованная модель (в настройках модель не выбрана)</translation>
    </message>
    <message>
        <source>no model chosen or downloaded yet, so Hearth runs on its bundled tiny model</source>
        <translation>модель ещё не выбрана и не скачана, поэтому Hearth работает на встроенной маленькой модели</translation>
    </message>
    <message>
        <source>a downloaded catalog model (the recommended one is not downloaded)</source>
        <translation>скачанная модель из каталога (рекомендованная не скачана)</translation>
    </message>
    <message>
        <source>SmolLM2-135M-Instruct (bundled tiny model)</source>
        <translation>SmolLM2-135M-Instruct (встроенная маленькая модель)</translation>
    </message>
    <message>
        <source>size unknown</source>
        <translation>размер неизвестен</translation>
    </message>
    <message>
        <source>Hearth is running on {tiny}: fine for trying Hearth out, too small for a real companion. Download the recommended model, {title}, {size}: {command}</source>
        <translation>Hearth работает на {tiny}: чтобы попробовать — хватит, для настоящего собеседника — маловато. Скачайте рекомендованную модель {title} ({size}): {command}</translation>
    </message>
    <message>
        <source>{size}/s</source>
        <translation>{size}/с</translation>
    </message>
    <message>
        <source>ETA {time}</source>
        <translation>осталось {time}</translation>
    </message>
    <message>
        <source>waiting for another download of this file</source>
        <translation>жду, пока закончится другое скачивание этого файла</translation>
    </message>
    <message>
        <source>connecting…</source>
        <translation>подключаюсь…</translation>
    </message>
    <message>
        <source>checking the part already downloaded…</source>
        <translation>проверяю уже скачанную часть…</translation>
    </message>
    <message>
        <source>verifying…</source>
        <translation>проверяю…</translation>
    </message>
    <message>
        <source>done, sha256 verified</source>
        <translation>готово, sha256 проверен</translation>
    </message>
    <message>
        <source>B</source>
        <translation>Б</translation>
    </message>
    <message>
        <source>KB</source>
        <translation>кБ</translation>
    </message>
    <message>
        <source>MB</source>
        <translation>МБ</translation>
    </message>
    <message>
        <source>GB</source>
        <translation>ГБ</translation>
    </message>
    <message>
        <source>{text} is not a day: use YYYY-MM-DD, for example 2026-03-01</source>
        <translation>{text} — не дата: используйте ГГГГ-ММ-ДД, например 2026-03-01</translation>
    </message>
    <message>
        <source>removed {path}</source>
        <translation>удалено: {path}</translation>
    </message>
    <message>
        <source>hearth: cannot tell where the hearth program is; pass --exec PATH</source>
        <translation>hearth: не удаётся понять, где лежит программа hearth; укажите её: --exec ПУТЬ</translation>
    </message>
    <message>
        <source>hearth: cannot write the menu entry: {error}</source>
        <translation>hearth: не удалось записать пункт меню: {error}</translation>
    </message>
    <message>
        <source>wrote {path}</source>
        <translation>записано: {path}</translation>
    </message>
    <message>
        <source>hearth: no display to open the window on (neither DISPLAY nor WAYLAND_DISPLAY is set). Start Hearth from your desktop, or use it from this terminal: hearth chat</source>
        <translation>hearth: окну негде открыться — нет дисплея (не заданы ни DISPLAY, ни WAYLAND_DISPLAY). Запустите Hearth со своего рабочего стола или пишите прямо в этом терминале: hearth chat</translation>
    </message>
    <message>
        <source>hearth: the window cannot open: Qt&apos;s {platform} platform plugin needs system libraries that are not installed: {names}</source>
        <translation>hearth: окно не может открыться: модулю платформы {platform} библиотеки Qt нужны системные библиотеки, которых нет: {names}</translation>
    </message>
    <message>
        <source>Install them with the command for your system, then start Hearth again:</source>
        <translation>Установите их командой для своей системы и запустите Hearth снова:</translation>
    </message>
    <message>
        <source>Install the packages that provide: {names}</source>
        <translation>Установите пакеты, в которых есть: {names}</translation>
    </message>
    <message>
        <source>Meanwhile Hearth works from this terminal: hearth chat</source>
        <translation>А пока с Hearth можно писать прямо в терминале: hearth chat</translation>
    </message>
    <message>
        <source>(today&apos;s question was dismissed)</source>
        <translation>(сегодняшний вопрос скрыт)</translation>
    </message>
    <message>
        <source>--days must be between 1 and 36500.</source>
        <translation>--days должно быть от 1 до 36500.</translation>
    </message>
    <message>
        <source>From {first} to {last}</source>
        <translation>С {first} по {last}</translation>
    </message>
    <message>
        <source>Current streak: {n} · longest: {longest}</source>
        <translation>Дней подряд сейчас: {n} · рекорд: {longest}</translation>
    </message>
    <message>
        <source>Days written: {days} · words: {words}</source>
        <translation>Дней с записями: {days} · слов: {words}</translation>
    </message>
    <message>
        <source>today&apos;s opening question for your diary</source>
        <translation>вопрос дня для вашего дневника</translation>
    </message>
    <message>
        <source>do not load a model: a stored or listed one</source>
        <translation>не загружать модель: взять сохранённый вопрос или из списка</translation>
    </message>
    <message>
        <source>streaks, words per day, moods and the people you mention most</source>
        <translation>серии дней, слова в день, настроение и люди, о которых вы пишете чаще всего</translation>
    </message>
    <message>
        <source>print everything as one JSON document</source>
        <translation>вывести всё одним документом JSON</translation>
    </message>
    <message>
        <source>how many days back (90)</source>
        <translation>на сколько дней назад (90)</translation>
    </message>
    <message>
        <source>the weekly review of a day&apos;s week, as Markdown</source>
        <translation>обзор недели, в которую входит день, в Markdown</translation>
    </message>
    <message>
        <source>a day of the week (default: today)</source>
        <translation>день недели (по умолчанию сегодня)</translation>
    </message>
    <message>
        <source>rewrite the week&apos;s digest with the model first</source>
        <translation>сначала заново написать сводку недели моделью</translation>
    </message>
    <message>
        <source>Average mood: {mood} of 5 ({n} days)</source>
        <translation>Среднее настроение: {mood} из 5 (дней: {n})</translation>
    </message>
    <message>
        <source>{name} ×{n}</source>
        <translation>{name} ×{n}</translation>
    </message>
    <message>
        <source>choose a day inside the calendar Hearth knows.</source>
        <translation>выберите день внутри календаря, который знает Hearth.</translation>
    </message>
    <message>
        <source>{day} January</source>
        <translation>{day} января</translation>
    </message>
    <message>
        <source>{day} February</source>
        <translation>{day} февраля</translation>
    </message>
    <message>
        <source>{day} March</source>
        <translation>{day} марта</translation>
    </message>
    <message>
        <source>{day} April</source>
        <translation>{day} апреля</translation>
    </message>
    <message>
        <source>{day} May</source>
        <translation>{day} мая</translation>
    </message>
    <message>
        <source>{day} June</source>
        <translation>{day} июня</translation>
    </message>
    <message>
        <source>{day} July</source>
        <translation>{day} июля</translation>
    </message>
    <message>
        <source>{day} August</source>
        <translation>{day} августа</translation>
    </message>
    <message>
        <source>{day} September</source>
        <translation>{day} сентября</translation>
    </message>
    <message>
        <source>{day} October</source>
        <translation>{day} октября</translation>
    </message>
    <message>
        <source>{day} November</source>
        <translation>{day} ноября</translation>
    </message>
    <message>
        <source>{day} December</source>
        <translation>{day} декабря</translation>
    </message>
    <message>
        <source>Monday</source>
        <translation>Понедельник</translation>
    </message>
    <message>
        <source>Tuesday</source>
        <translation>Вторник</translation>
    </message>
    <message>
        <source>Wednesday</source>
        <translation>Среда</translation>
    </message>
    <message>
        <source>Thursday</source>
        <translation>Четверг</translation>
    </message>
    <message>
        <source>Friday</source>
        <translation>Пятница</translation>
    </message>
    <message>
        <source>Saturday</source>
        <translation>Суббота</translation>
    </message>
    <message>
        <source>Sunday</source>
        <translation>Воскресенье</translation>
    </message>
    <message>
        <source>Week of {first} – {last}</source>
        <translation>Неделя {first} – {last}</translation>
    </message>
    <message>
        <source>“{text}”</source>
        <translation>«{text}»</translation>
    </message>
    <message>
        <source>Highlights</source>
        <translation>Главное</translation>
    </message>
    <message>
        <source>No weekly digest yet.</source>
        <translation>Обзора недели пока нет.</translation>
    </message>
    <message>
        <source>People and places</source>
        <translation>Люди и места</translation>
    </message>
    <message>
        <source>Mood</source>
        <translation>Настроение</translation>
    </message>
    <message>
        <source>No one was named this week.</source>
        <translation>На этой неделе никто не упоминался.</translation>
    </message>
    <message>
        <source>No mood set this week.</source>
        <translation>На этой неделе настроение не отмечено.</translation>
    </message>
    <message>
        <source>Entries</source>
        <translation>Записи</translation>
    </message>
    <message>
        <source>Nothing was written this week.</source>
        <translation>На этой неделе записей нет.</translation>
    </message>
    <message>
        <source>{n} words</source>
        <translation>слов: {n}</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>Остановлено.</translation>
    </message>
    <message>
        <source>Type it again: </source>
        <translation>Повторите её: </translation>
    </message>
    <message>
        <source>Your diary is empty, but the backup {name} ({made}) holds {entries}. If you did not mean to start over, `hearth restore {path}` brings it back.</source>
        <translation>Дневник пуст, но в резервной копии {name} ({made}) — {entries}. Если вы не собирались начинать заново, `hearth restore {path}` вернёт их.</translation>
    </message>
    <message>
        <source>Run `hearth restore` to restore your last backup from before it ({name}).</source>
        <translation>Чтобы вернуть последнюю резервную копию, сделанную до этого ({name}), выполните `hearth restore`.</translation>
    </message>
    <message>
        <source>The backup made on {made} may hold what is missing: `hearth restore {path}` restores it (the diary as it is now is backed up first).</source>
        <translation>Недостающее может найтись в резервной копии от {made}: `hearth restore {path}` восстановит её (дневник в нынешнем виде сначала будет сохранён в резервную копию).</translation>
    </message>
    <message>
        <source>The search index was damaged; it was rebuilt from your entries. Nothing was lost.</source>
        <translation>Поисковый индекс был повреждён; он заново собран из ваших записей. Ничего не потеряно.</translation>
    </message>
    <message>
        <source>Diary passphrase: </source>
        <translation>Парольная фраза дневника: </translation>
    </message>
    <message>
        <source>That passphrase does not open this diary.</source>
        <translation>Эта парольная фраза не открывает дневник.</translation>
    </message>
    <message>
        <source>add pictures (PNG, JPEG, WebP, GIF) to today&apos;s entry; their text is read on this computer</source>
        <translation>добавить картинки (PNG, JPEG, WebP, GIF) к сегодняшней записи; текст на них читается на этом компьютере</translation>
    </message>
    <message>
        <source>words of yours to go with the pictures</source>
        <translation>ваши слова к картинкам</translation>
    </message>
    <message>
        <source>read the pictures&apos; text now, before returning</source>
        <translation>прочитать текст на картинках сразу, до выхода</translation>
    </message>
    <message>
        <source>how much space each level of memory takes</source>
        <translation>сколько места занимает каждый уровень памяти</translation>
    </message>
    <message>
        <source>Nothing was added.</source>
        <translation>Ничего не добавлено.</translation>
    </message>
    <message>
        <source>Added entry {id}; pictures in it: {n}.</source>
        <translation>Добавлена запись {id}; картинок в ней: {n}.</translation>
    </message>
    <message>
        <source>Their text is read the next time Hearth opens the diary (or now: hearth attach --wait).</source>
        <translation>Текст с картинок прочитается, когда Hearth в следующий раз откроет дневник (или сразу: hearth attach --wait).</translation>
    </message>
    <message>
        <source>Pictures whose text was read: {n}; `hearth search` finds its words.</source>
        <translation>Картинок с прочитанным текстом: {n}; `hearth search` найдёт его слова.</translation>
    </message>
    <message>
        <source>Pictures attached earlier whose text was read too: {n}.</source>
        <translation>Картинок, прикреплённых раньше, текст которых тоже прочитан: {n}.</translation>
    </message>
    <message>
        <source>Tesseract is not installed, so the pictures&apos; text cannot be read yet; they are kept. Install it with:</source>
        <translation>Tesseract не установлен, поэтому текст на картинках пока не прочитать; картинки сохранены. Установите его командой:</translation>
    </message>
    <message>
        <source>the diary file on disk</source>
        <translation>файл дневника на диске</translation>
    </message>
    <message>
        <source>Pictures: {n}; originals dropped by the retention setting: {dropped}.</source>
        <translation>Картинок: {n}; оригиналов удалено по сроку хранения: {dropped}.</translation>
    </message>
    <message>
        <source>level 0: original pictures</source>
        <translation>уровень 0: оригиналы картинок</translation>
    </message>
    <message>
        <source>level 0: thumbnails</source>
        <translation>уровень 0: миниатюры</translation>
    </message>
    <message>
        <source>level 1: entries (with picture text)</source>
        <translation>уровень 1: записи (с текстом картинок)</translation>
    </message>
    <message>
        <source>level 2: summaries and digests</source>
        <translation>уровень 2: пересказы и итоги</translation>
    </message>
    <message>
        <source>level 3: facts</source>
        <translation>уровень 3: факты</translation>
    </message>
    <message>
        <source>recall index (vectors)</source>
        <translation>индекс для вспоминания (векторы)</translation>
    </message>
    <message>
        <source>also delete the backups and files kept after damage that the deletion could not change (they still hold it)</source>
        <translation>удалить и резервные копии и файлы, сохранённые после повреждения, которые удаление не смогло изменить (в них это ещё есть)</translation>
    </message>
    <message>
        <source>They were kept. Add --delete-unscrubbed to `hearth rm` or `hearth facts rm` to delete such files with what you delete.</source>
        <translation>Они сохранены. Добавьте --delete-unscrubbed к `hearth rm` или `hearth facts rm`, чтобы такие файлы удалялись вместе с тем, что вы удаляете.</translation>
    </message>
    <message>
        <source>Deleted these files.</source>
        <translation>Эти файлы удалены.</translation>
    </message>
    <message>
        <source>Deleted these backups.</source>
        <translation>Эти резервные копии удалены.</translation>
    </message>
    <message>
        <source>Files kept after damage cannot be changed, and backups may be damaged. Delete these files, or keep them (your other backups are kept).</source>
        <translation>Файлы, сохранённые после повреждения, изменить нельзя, а резервные копии, возможно, повреждены. Удалите эти файлы или сохраните их (остальные резервные копии останутся).</translation>
    </message>
    <message>
        <source>They may be damaged. Delete these backups, or keep them (your other backups are kept).</source>
        <translation>Возможно, они повреждены. Удалите эти копии или сохраните их (остальные резервные копии останутся).</translation>
    </message>
    <message>
        <source>Delete these files? [y/N] </source>
        <translation>Удалить эти файлы? [д/Н] </translation>
    </message>
    <message>
        <source>Delete these backups? [y/N] </source>
        <translation>Удалить эти резервные копии? [д/Н] </translation>
    </message>
</context>
<context>
    <name>CliPlurals</name>
    <message numerus="yes">
        <source>Imported %n message(s).</source>
        <translation>
            <numerusform>Импортировано %n сообщение.</numerusform>
            <numerusform>Импортировано %n сообщения.</numerusform>
            <numerusform>Импортировано %n сообщений.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n entry(-ies)</source>
        <translation>
            <numerusform>%n запись</numerusform>
            <numerusform>%n записи</numerusform>
            <numerusform>%n записей</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(remembered %n entries: {shown}{more})</source>
        <translation>
            <numerusform>(вспомнена %n запись: {shown}{more})</numerusform>
            <numerusform>(вспомнены %n записи: {shown}{more})</numerusform>
            <numerusform>(вспомнено %n записей: {shown}{more})</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{indexed} of %n message(s) indexed by meaning ({name}): complete</source>
        <translation>
            <numerusform>Проиндексировано по смыслу ({name}): {indexed} из %n сообщения, готово</numerusform>
            <numerusform>Проиндексировано по смыслу ({name}): {indexed} из %n сообщений, готово</numerusform>
            <numerusform>Проиндексировано по смыслу ({name}): {indexed} из %n сообщений, готово</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{indexed} of %n message(s) indexed by meaning ({name}): in progress (run `hearth index` to finish now)</source>
        <translation>
            <numerusform>Проиндексировано по смыслу ({name}): {indexed} из %n сообщения, не закончено (закончить сейчас: `hearth index`)</numerusform>
            <numerusform>Проиндексировано по смыслу ({name}): {indexed} из %n сообщений, не закончено (закончить сейчас: `hearth index`)</numerusform>
            <numerusform>Проиндексировано по смыслу ({name}): {indexed} из %n сообщений, не закончено (закончить сейчас: `hearth index`)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Composer</name>
    <message>
        <source>Send</source>
        <translation>Отправить</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Сообщение</translation>
    </message>
    <message>
        <source>Your diary entry; Enter sends it, Shift+Enter adds a line</source>
        <translation>Ваша запись в дневнике; Enter отправляет, Shift+Enter — новая строка</translation>
    </message>
    <message>
        <source>Send message</source>
        <translation>Отправить сообщение</translation>
    </message>
    <message>
        <source>Send (Enter)</source>
        <translation>Отправить (Enter)</translation>
    </message>
    <message>
        <source>Draft length in tokens</source>
        <translation>Длина черновика в токенах</translation>
    </message>
    <message>
        <source>Composer message</source>
        <translation>Подсказка под полем ввода</translation>
    </message>
    <message>
        <source>Attach pictures… (or drop them here, or paste one)</source>
        <translation>Прикрепить картинки… (или перетащите их сюда, или вставьте)</translation>
    </message>
    <message>
        <source>Attach pictures</source>
        <translation>Прикрепить картинки</translation>
    </message>
    <message>
        <source>Add to {day}; Hearth stays quiet until you ask.  (Ctrl+Enter saves the entry)</source>
        <translation>Запись в день «{day}»; Hearth молчит, пока вы не попросите.  (Ctrl+Enter — сохранить запись)</translation>
    </message>
    <message>
        <source>Add to {day}…  (Enter sends, Shift+Enter for a new line)</source>
        <translation>Запись в день «{day}»…  (Enter — отправить, Shift+Enter — новая строка)</translation>
    </message>
    <message>
        <source>Write about your day…  (Enter sends, Shift+Enter for a new line)</source>
        <translation>Расскажите о своём дне…  (Enter — отправить, Shift+Enter — новая строка)</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Стоп</translation>
    </message>
    <message>
        <source>Stop the reply</source>
        <translation>Остановить ответ</translation>
    </message>
    <message>
        <source>Stop the reply (Esc)</source>
        <translation>Остановить ответ (Esc)</translation>
    </message>
    <message>
        <source>— over the {limit} limit</source>
        <translation>— больше предела в {limit}</translation>
    </message>
    <message>
        <source>Write something first — an empty message is not sent.</source>
        <translation>Сначала напишите что-нибудь — пустое сообщение не отправляется.</translation>
    </message>
    <message>
        <source>Write as much as you like; Hearth stays quiet until you ask.  (Ctrl+Enter saves the entry)</source>
        <translation>Пишите сколько хочется — Hearth молчит, пока вы не спросите.  (Ctrl+Enter сохраняет запись)</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Сохранить</translation>
    </message>
    <message>
        <source>Save the entry</source>
        <translation>Сохранить запись</translation>
    </message>
    <message>
        <source>Save the entry (Ctrl+Enter)</source>
        <translation>Сохранить запись (Ctrl+Enter)</translation>
    </message>
</context>
<context>
    <name>CurrentModelBox</name>
    <message>
        <source>Current model</source>
        <translation>Текущая модель</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>Модель:</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>Файл:</translation>
    </message>
    <message>
        <source>Stats:</source>
        <translation>Сведения:</translation>
    </message>
    <message>
        <source>No model loaded</source>
        <translation>Модель не загружена</translation>
    </message>
    <message>
        <source>Download the recommended model, or choose a .gguf file.</source>
        <translation>Скачайте рекомендованную модель или выберите файл .gguf.</translation>
    </message>
    <message>
        <source>Built into Hearth</source>
        <translation>Встроена в Hearth</translation>
    </message>
</context>
<context>
    <name>DailyReminder</name>
    <message>
        <source>Hearth</source>
        <translation>Hearth</translation>
    </message>
    <message>
        <source>Open Hearth</source>
        <translation>Открыть Hearth</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>Выйти</translation>
    </message>
    <message>
        <source>Time for today&apos;s entry?</source>
        <translation>Время для сегодняшней записи?</translation>
    </message>
</context>
<context>
    <name>DamageNotices</name>
    <message>
        <source>The diary file was damaged. Hearth copied everything it could read into a new file (entries: {messages}; facts: {facts}) and rebuilt the search index. The damaged file is kept as {name}.</source>
        <translation>Файл дневника был повреждён. Hearth перенёс в новый файл всё, что удалось прочитать (записей: {messages}; фактов: {facts}), и заново построил поисковый индекс. Повреждённый файл сохранён как {name}.</translation>
    </message>
    <message>
        <source>An earlier diary file was damaged and set aside as {name}.</source>
        <translation>Прежний файл дневника был повреждён и отложен как {name}.</translation>
    </message>
    <message>
        <source>There is no backup to restore.</source>
        <translation>Резервной копии для восстановления нет.</translation>
    </message>
    <message>
        <source>The last things written to the diary were damaged on disk and could not be read back. What was written up to {written} may be missing.</source>
        <translation>Последнее, что было записано в дневник, повреждено на диске, и прочитать это не удалось. Может не хватать всего, что написано до {written}.</translation>
    </message>
    <message>
        <source>The last things written to the diary were damaged on disk and could not be read back. What was written after {newest} may be missing (the damaged part was last written on {written}).</source>
        <translation>Последнее, что было записано в дневник, повреждено на диске, и прочитать это не удалось. Может не хватать того, что написано после {newest} (повреждённая часть последний раз записывалась {written}).</translation>
    </message>
    <message>
        <source>No backup was made since then: check your last days and write down again what is missing.</source>
        <translation>Резервных копий с тех пор не делалось: просмотрите последние дни и запишите недостающее заново.</translation>
    </message>
    <message>
        <source>A copy of the damaged log is kept in {folder}, as {log}. Keep it while anything may still be missing; then it can be deleted.</source>
        <translation>Копия повреждённого журнала сохранена в папке {folder}: {log}. Храните её, пока чего-то может не хватать; потом её можно удалить.</translation>
    </message>
    <message>
        <source>Copies of the damaged log and of the diary file as it was are kept in {folder}, as {log} and {base}. Keep both while anything may still be missing; then they can be deleted.</source>
        <translation>Копии повреждённого журнала и файла дневника в прежнем виде сохранены в папке {folder}: {log} и {base}. Храните обе, пока чего-то может не хватать; потом их можно удалить.</translation>
    </message>
</context>
<context>
    <name>DataSize</name>
    <message>
        <source>{n} B</source>
        <translation>{n} Б</translation>
    </message>
    <message>
        <source>size unknown</source>
        <translation>размер неизвестен</translation>
    </message>
</context>
<context>
    <name>DateText</name>
    <message>
        <source>dddd, d MMMM yyyy</source>
        <translation>dddd, d MMMM yyyy</translation>
    </message>
    <message>
        <source>dddd, d MMMM</source>
        <translation>dddd, d MMMM</translation>
    </message>
    <message>
        <source>ddd, d MMM</source>
        <translation>ddd, d MMM</translation>
    </message>
    <message>
        <source>ddd, d MMM yyyy</source>
        <translation>ddd, d MMM yyyy</translation>
    </message>
    <message>
        <source>dddd dd MMMM yyyy</source>
        <translation>dddd, d MMMM yyyy</translation>
    </message>
    <message>
        <source>dd MMMM yyyy</source>
        <translation>d MMMM yyyy</translation>
    </message>
</context>
<context>
    <name>DayHeader</name>
    <message>
        <source>Day shown</source>
        <translation>Показанный день</translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation>Разговор</translation>
    </message>
</context>
<context>
    <name>DeleteEntry</name>
    <message>
        <source>[picture: {name}]</source>
        <translation>[картинка: {name}]</translation>
    </message>
    <message>
        <source>Delete entry</source>
        <translation>Удаление записи</translation>
    </message>
    <message>
        <source>Delete this entry from {day}?</source>
        <translation>Удалить эту запись ({day})?</translation>
    </message>
    <message>
        <source>It is removed from the diary, from search and from the backups. This cannot be undone.</source>
        <translation>Она исчезнет из дневника, из поиска и из резервных копий. Отменить это нельзя.</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Удалить</translation>
    </message>
</context>
<context>
    <name>DraftController</name>
    <message>
        <source>The words you had not sent yet are back.</source>
        <translation>Слова, которые вы не успели отправить, снова здесь.</translation>
    </message>
</context>
<context>
    <name>EncryptionDialog</name>
    <message>
        <source>Encryption — Hearth</source>
        <translation>Шифрование — Hearth</translation>
    </message>
    <message>
        <source>Current passphrase</source>
        <translation>Текущая парольная фраза</translation>
    </message>
    <message>
        <source>New passphrase</source>
        <translation>Новая парольная фраза</translation>
    </message>
    <message>
        <source>New passphrase again</source>
        <translation>Новая парольная фраза ещё раз</translation>
    </message>
    <message>
        <source>&amp;Remember it on this computer (system keyring)</source>
        <translation>&amp;Запомнить на этом компьютере (системная связка ключей)</translation>
    </message>
    <message>
        <source>&amp;Current passphrase:</source>
        <translation>&amp;Текущая фраза:</translation>
    </message>
    <message>
        <source>&amp;New passphrase:</source>
        <translation>&amp;Новая фраза:</translation>
    </message>
    <message>
        <source>&amp;Again:</source>
        <translation>&amp;Ещё раз:</translation>
    </message>
    <message>
        <source>Encrypt the diary and its backups with a passphrase (SQLCipher). Without the passphrase nobody can open it — keep it safe.</source>
        <translation>Зашифровать дневник и его резервные копии парольной фразой (SQLCipher). Без неё дневник не откроет никто — храните её надёжно.</translation>
    </message>
    <message>
        <source>Store the diary and its backups unencrypted again.</source>
        <translation>Снова хранить дневник и резервные копии без шифрования.</translation>
    </message>
    <message>
        <source>Change the passphrase of the diary and its backups.</source>
        <translation>Сменить парольную фразу дневника и резервных копий.</translation>
    </message>
    <message numerus="yes">
        <source>A passphrase needs at least %n characters.</source>
        <translation>
            <numerusform>В парольной фразе нужен хотя бы %n символ.</numerusform>
            <numerusform>В парольной фразе нужно хотя бы %n символа.</numerusform>
            <numerusform>В парольной фразе нужно хотя бы %n символов.</numerusform>
        </translation>
    </message>
    <message>
        <source>The two new passphrases differ.</source>
        <translation>Новые фразы не совпадают.</translation>
    </message>
    <message>
        <source>Enter the current passphrase.</source>
        <translation>Введите текущую парольную фразу.</translation>
    </message>
</context>
<context>
    <name>EntryActions</name>
    <message>
        <source>Go deeper</source>
        <translation>Глубже</translation>
    </message>
    <message>
        <source>Hearth asks one reflective question about your last entry</source>
        <translation>Hearth задаст один вопрос, чтобы глубже взглянуть на вашу последнюю запись</translation>
    </message>
    <message>
        <source>Ask Hearth</source>
        <translation>Спросить Hearth</translation>
    </message>
    <message>
        <source>Hearth answers what you wrote (Ctrl+Shift+Return)</source>
        <translation>Hearth ответит на то, что вы написали (Ctrl+Shift+Enter)</translation>
    </message>
    <message>
        <source>Entry actions</source>
        <translation>Действия с записью</translation>
    </message>
</context>
<context>
    <name>Errors</name>
    <message>
        <source>Your diary is safe. Try again; if it keeps happening, restart Hearth.</source>
        <translation>Ваш дневник в сохранности. Попробуйте ещё раз; если ошибка повторяется, перезапустите Hearth.</translation>
    </message>
    <message>
        <source>Model file not found</source>
        <translation>Файл модели не найден</translation>
    </message>
    <message>
        <source>Choose another model file, or download the recommended model in the model manager.</source>
        <translation>Выберите другой файл модели или скачайте рекомендованную модель в менеджере моделей.</translation>
    </message>
    <message>
        <source>This is not a model file</source>
        <translation>Это не файл модели</translation>
    </message>
    <message>
        <source>Pick a .gguf model file, or download the recommended model.</source>
        <translation>Выберите файл модели .gguf или скачайте рекомендованную модель.</translation>
    </message>
    <message>
        <source>The model file is damaged</source>
        <translation>Файл модели повреждён</translation>
    </message>
    <message>
        <source>Delete it and download it again in the model manager.</source>
        <translation>Удалите его и скачайте заново в менеджере моделей.</translation>
    </message>
    <message>
        <source>This kind of model is not supported</source>
        <translation>Такие модели не поддерживаются</translation>
    </message>
    <message>
        <source>Choose a model from the catalog in the model manager.</source>
        <translation>Выберите модель из каталога в менеджере моделей.</translation>
    </message>
    <message>
        <source>Context size too large for this model</source>
        <translation>Слишком большой контекст для этой модели</translation>
    </message>
    <message>
        <source>Lower the context size in the model manager to at most what the model was trained for.</source>
        <translation>Уменьшите размер контекста в менеджере моделей — не больше того, на котором модель обучали.</translation>
    </message>
    <message>
        <source>Not enough memory for this model</source>
        <translation>Не хватает памяти для этой модели</translation>
    </message>
    <message>
        <source>Close other programs, lower the context size, or choose a smaller model.</source>
        <translation>Закройте другие программы, уменьшите контекст или выберите модель поменьше.</translation>
    </message>
    <message>
        <source>The model stopped</source>
        <translation>Модель остановилась</translation>
    </message>
    <message>
        <source>Send the message again: Hearth starts the model anew. If it keeps stopping, close other programs or choose a smaller model.</source>
        <translation>Отправьте сообщение ещё раз: Hearth запустит модель заново. Если она останавливается снова, закройте другие программы или выберите модель поменьше.</translation>
    </message>
    <message>
        <source>Message too long</source>
        <translation>Слишком длинное сообщение</translation>
    </message>
    <message>
        <source>Shorten the message; older turns are summarized automatically.</source>
        <translation>Сократите сообщение; ранние реплики пересказываются автоматически.</translation>
    </message>
    <message>
        <source>The download is not the expected file</source>
        <translation>Скачан не тот файл</translation>
    </message>
    <message>
        <source>The bad file was removed. Start the download again.</source>
        <translation>Неверный файл удалён. Начните скачивание заново.</translation>
    </message>
    <message>
        <source>Download paused</source>
        <translation>Скачивание приостановлено</translation>
    </message>
    <message>
        <source>Press Resume to continue where it stopped.</source>
        <translation>Нажмите «Продолжить», чтобы докачать с того же места.</translation>
    </message>
    <message>
        <source>The download failed</source>
        <translation>Скачать не удалось</translation>
    </message>
    <message>
        <source>Check the connection and press Resume to continue.</source>
        <translation>Проверьте подключение и нажмите «Продолжить».</translation>
    </message>
    <message>
        <source>The model server does not answer</source>
        <translation>Сервер модели не отвечает</translation>
    </message>
    <message>
        <source>The model server took too long</source>
        <translation>Сервер модели отвечает слишком долго</translation>
    </message>
    <message>
        <source>The model server refused the API key</source>
        <translation>Сервер модели отклонил ключ API</translation>
    </message>
    <message>
        <source>No such model on the server</source>
        <translation>На сервере нет такой модели</translation>
    </message>
    <message>
        <source>The server&apos;s context is too small</source>
        <translation>У сервера слишком маленький контекст</translation>
    </message>
    <message>
        <source>The secure connection failed</source>
        <translation>Не удалось установить защищённое соединение</translation>
    </message>
    <message>
        <source>Hearth will not send your diary there</source>
        <translation>Hearth не станет отправлять туда ваш дневник</translation>
    </message>
    <message>
        <source>The model server cut the reply short</source>
        <translation>Сервер модели оборвал ответ</translation>
    </message>
    <message>
        <source>The model server went away</source>
        <translation>Сервер модели пропал</translation>
    </message>
    <message>
        <source>The model server refused the request</source>
        <translation>Сервер модели отклонил запрос</translation>
    </message>
    <message>
        <source>The model server cannot do this</source>
        <translation>Сервер модели этого не умеет</translation>
    </message>
    <message>
        <source>The model server ran into a problem</source>
        <translation>На сервере модели что-то пошло не так</translation>
    </message>
    <message>
        <source>Recall by meaning is not available</source>
        <translation>Поиск по смыслу недоступен</translation>
    </message>
    <message>
        <source>The list of recommended models could not be read</source>
        <translation>Не удалось прочитать список рекомендованных моделей</translation>
    </message>
    <message>
        <source>Reinstall Hearth. You can still choose a .gguf file in the model manager.</source>
        <translation>Переустановите Hearth. Файл .gguf по-прежнему можно выбрать в менеджере моделей.</translation>
    </message>
    <message>
        <source>The model ran into a problem</source>
        <translation>У модели возникла ошибка</translation>
    </message>
    <message>
        <source>Try again; if it keeps happening, reload the model.</source>
        <translation>Попробуйте ещё раз; если ошибка повторяется, перезагрузите модель.</translation>
    </message>
    <message>
        <source>Nothing to save</source>
        <translation>Нечего сохранять</translation>
    </message>
    <message>
        <source>Type something first.</source>
        <translation>Сначала напишите что-нибудь.</translation>
    </message>
    <message>
        <source>Text too long</source>
        <translation>Слишком длинный текст</translation>
    </message>
    <message>
        <source>Shorten the text and try again; nothing was lost.</source>
        <translation>Сократите текст и попробуйте снова; ничего не потеряно.</translation>
    </message>
    <message>
        <source>The diary file is damaged</source>
        <translation>Файл дневника повреждён</translation>
    </message>
    <message>
        <source>Restore the latest backup; the damaged file is kept for inspection.</source>
        <translation>Восстановите последнюю резервную копию; повреждённый файл сохранён для проверки.</translation>
    </message>
    <message>
        <source>Part of the diary is damaged</source>
        <translation>Часть дневника повреждена</translation>
    </message>
    <message>
        <source>Close Hearth and start it again: it checks the file and offers the latest backup.</source>
        <translation>Закройте Hearth и запустите снова: он проверит файл и предложит последнюю резервную копию.</translation>
    </message>
    <message>
        <source>That passphrase does not open the diary</source>
        <translation>Эта парольная фраза не открывает дневник</translation>
    </message>
    <message>
        <source>The diary is locked</source>
        <translation>Дневник заперт</translation>
    </message>
    <message>
        <source>The encryption change did not finish</source>
        <translation>Изменение шифрования не завершилось</translation>
    </message>
    <message>
        <source>The diary is already open</source>
        <translation>Дневник уже открыт</translation>
    </message>
    <message>
        <source>Switch to the Hearth window that has it open, or close it (or the `hearth chat` in a terminal) and start Hearth again.</source>
        <translation>Перейдите в окно Hearth, где он открыт, или закройте его (или `hearth chat` в терминале) и запустите Hearth снова.</translation>
    </message>
    <message>
        <source>The disk is full</source>
        <translation>Диск заполнен</translation>
    </message>
    <message>
        <source>Free some space on the disk, then try again; nothing was lost.</source>
        <translation>Освободите место на диске и попробуйте снова; ничего не потеряно.</translation>
    </message>
    <message>
        <source>Not found</source>
        <translation>Не найдено</translation>
    </message>
    <message>
        <source>It may have been deleted already. Refresh the view.</source>
        <translation>Возможно, это уже удалено. Обновите список.</translation>
    </message>
    <message>
        <source>Deleted for good</source>
        <translation>Удалено навсегда</translation>
    </message>
    <message>
        <source>You deleted this before; Hearth will not remember it again.</source>
        <translation>Вы уже удалили это; Hearth не будет запоминать это снова.</translation>
    </message>
    <message>
        <source>Picture too large</source>
        <translation>Картинка слишком большая</translation>
    </message>
    <message>
        <source>Attach a smaller copy: most photo apps can export one (up to 32 MB, 100 megapixels).</source>
        <translation>Прикрепите копию поменьше: большинство программ для фото умеют её сохранить (до 32 МБ и 100 мегапикселей).</translation>
    </message>
    <message>
        <source>The picture cannot be read</source>
        <translation>Картинку не удаётся прочитать</translation>
    </message>
    <message>
        <source>Open it in an image viewer, save it as PNG or JPEG, and attach that copy.</source>
        <translation>Откройте её в программе просмотра, сохраните как PNG или JPEG и прикрепите эту копию.</translation>
    </message>
    <message>
        <source>The picture&apos;s text was not read</source>
        <translation>Текст на картинке не прочитан</translation>
    </message>
    <message>
        <source>The picture is kept; its text can be read again later.</source>
        <translation>Картинка сохранена; текст на ней можно будет прочитать позже.</translation>
    </message>
    <message>
        <source>That value is not allowed</source>
        <translation>Такое значение недопустимо</translation>
    </message>
    <message>
        <source>Check the value and try again.</source>
        <translation>Проверьте значение и попробуйте снова.</translation>
    </message>
    <message>
        <source>Import refused</source>
        <translation>Импорт отклонён</translation>
    </message>
    <message>
        <source>Import into an empty diary.</source>
        <translation>Импортируйте в пустой дневник.</translation>
    </message>
    <message>
        <source>The diary could not be saved</source>
        <translation>Не удалось сохранить дневник</translation>
    </message>
    <message>
        <source>Try again; if it keeps happening, restart Hearth.</source>
        <translation>Попробуйте ещё раз; если ошибка повторяется, перезапустите Hearth.</translation>
    </message>
    <message>
        <source>Message not sent</source>
        <translation>Сообщение не отправлено</translation>
    </message>
    <message>
        <source>Edit the message and send it again.</source>
        <translation>Исправьте сообщение и отправьте его снова.</translation>
    </message>
    <message>
        <source>Nothing could be remembered from this message</source>
        <translation>Из этого сообщения ничего не удалось запомнить</translation>
    </message>
    <message>
        <source>Your message is saved; Hearth tries again with the next one.</source>
        <translation>Ваше сообщение сохранено; Hearth попробует снова со следующим.</translation>
    </message>
    <message>
        <source>This folder cannot hold the diary</source>
        <translation>В этой папке нельзя хранить дневник</translation>
    </message>
    <message>
        <source>Hearth could not do that</source>
        <translation>Hearth не смог этого сделать</translation>
    </message>
    <message>
        <source>Something went wrong</source>
        <translation>Что-то пошло не так</translation>
    </message>
    <message>
        <source>Hearth needs a model in GGUF format (a .gguf file). Pick a GGUF file or download one.</source>
        <translation>Hearth нужна модель в формате GGUF (файл .gguf). Выберите файл GGUF или скачайте модель.</translation>
    </message>
    <message>
        <source>The file looks truncated or damaged. Delete it and download it again.</source>
        <translation>Файл, похоже, обрезан или повреждён. Удалите его и скачайте заново.</translation>
    </message>
    <message>
        <source>This llama.cpp build cannot run this kind of model. Choose a model from the catalog.</source>
        <translation>Эта сборка llama.cpp не умеет запускать такие модели. Выберите модель из каталога.</translation>
    </message>
    <message>
        <source>Lower the context size in the model settings to at most what the model was trained for.</source>
        <translation>Уменьшите размер контекста в настройках модели — не больше того, на котором модель обучали.</translation>
    </message>
    <message>
        <source>Close other programs, lower the context size, or use a smaller (more quantized) model.</source>
        <translation>Закройте другие программы, уменьшите контекст или возьмите модель поменьше (сильнее квантованную).</translation>
    </message>
    <message>
        <source>Shorten the message; older parts of the conversation are summarized automatically.</source>
        <translation>Сократите сообщение; ранние части разговора пересказываются автоматически.</translation>
    </message>
    <message>
        <source>Check the connection and try again; the download resumes where it stopped.</source>
        <translation>Проверьте подключение и попробуйте снова; скачивание продолжится с того же места.</translation>
    </message>
    <message>
        <source>The downloaded file is not the expected one; it was removed. Try the download again.</source>
        <translation>Скачан не тот файл; он удалён. Попробуйте скачать заново.</translation>
    </message>
    <message>
        <source>The partial download is kept; pull again to resume.</source>
        <translation>Скачанная часть сохранена; запустите скачивание снова, чтобы продолжить.</translation>
    </message>
    <message>
        <source>Write something first; an empty entry is not saved.</source>
        <translation>Сначала напишите что-нибудь; пустая запись не сохраняется.</translation>
    </message>
    <message>
        <source>Shorten the text and try again.</source>
        <translation>Сократите текст и попробуйте снова.</translation>
    </message>
    <message>
        <source>It may have been deleted already; refresh the list.</source>
        <translation>Возможно, это уже удалено; обновите список.</translation>
    </message>
    <message>
        <source>Switch to the Hearth window that has it open, or close it (or the `hearth chat` in a terminal) and try again.</source>
        <translation>Перейдите в окно Hearth, где он открыт, или закройте его (или `hearth chat` в терминале) и попробуйте снова.</translation>
    </message>
    <message>
        <source>Free some disk space and try again. Everything saved before this is safe.</source>
        <translation>Освободите место на диске и попробуйте снова. Всё, что было сохранено раньше, в сохранности.</translation>
    </message>
    <message>
        <source>No backup was found. The damaged file was kept; a recovery tool may save part of it.</source>
        <translation>Резервная копия не найдена. Повреждённый файл сохранён; программа восстановления, возможно, спасёт его часть.</translation>
    </message>
    <message>
        <source>Write something, or split a very long text into several entries.</source>
        <translation>Напишите что-нибудь или разбейте очень длинный текст на несколько записей.</translation>
    </message>
    <message>
        <source>There is no message to answer yet.</source>
        <translation>Пока не на что отвечать.</translation>
    </message>
    <message>
        <source>Write something first.</source>
        <translation>Сначала напишите что-нибудь.</translation>
    </message>
    <message>
        <source>That entry no longer exists.</source>
        <translation>Этой записи больше нет.</translation>
    </message>
    <message>
        <source>It may have been deleted already.</source>
        <translation>Возможно, она уже удалена.</translation>
    </message>
    <message>
        <source>This reply is still being written.</source>
        <translation>Этот ответ ещё пишется.</translation>
    </message>
    <message>
        <source>The reply to this entry is still being written.</source>
        <translation>Ответ на эту запись ещё пишется.</translation>
    </message>
    <message>
        <source>Stop it, or wait until it is done.</source>
        <translation>Остановите его или дождитесь конца.</translation>
    </message>
    <message>
        <source>That conversation no longer exists.</source>
        <translation>Этого разговора больше нет.</translation>
    </message>
    <message>
        <source>Pick another day in the sidebar.</source>
        <translation>Выберите другой день на боковой панели.</translation>
    </message>
    <message>
        <source>There is nothing to undo.</source>
        <translation>Нечего отменять.</translation>
    </message>
    <message>
        <source>The change was already undone or is too old.</source>
        <translation>Изменение уже отменено или слишком давнее.</translation>
    </message>
    <message>
        <source>The message is empty.</source>
        <translation>Сообщение пустое.</translation>
    </message>
    <message>
        <source>Split it into several entries.</source>
        <translation>Разбейте его на несколько записей.</translation>
    </message>
    <message>
        <source>The message does not fit the model&apos;s context.</source>
        <translation>Сообщение не помещается в контекст модели.</translation>
    </message>
    <message>
        <source>The reply could not be prepared.</source>
        <translation>Не удалось подготовить ответ.</translation>
    </message>
    <message>
        <source>Try again, or restart Hearth.</source>
        <translation>Попробуйте ещё раз или перезапустите Hearth.</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Отменено.</translation>
    </message>
    <message>
        <source>This diary is open in another Hearth window or `hearth chat`.</source>
        <translation>Этот дневник открыт в другом окне Hearth или в `hearth chat`.</translation>
    </message>
    <message>
        <source>This diary was written by a newer version of Hearth.</source>
        <translation>Этот дневник записан более новой версией Hearth.</translation>
    </message>
    <message>
        <source>Update Hearth to open it.</source>
        <translation>Обновите Hearth, чтобы открыть его.</translation>
    </message>
    <message>
        <source>The diary already has entries; importing would mix two diaries.</source>
        <translation>В дневнике уже есть записи; импорт смешал бы два дневника.</translation>
    </message>
    <message>
        <source>The search expression is not valid.</source>
        <translation>Неверный поисковый запрос.</translation>
    </message>
    <message>
        <source>Use plain words.</source>
        <translation>Ищите простыми словами.</translation>
    </message>
    <message>
        <source>The model engine is closed.</source>
        <translation>Модель выгружена.</translation>
    </message>
    <message>
        <source>Load a model again.</source>
        <translation>Загрузите модель снова.</translation>
    </message>
    <message>
        <source>Load the model again.</source>
        <translation>Загрузите модель снова.</translation>
    </message>
    <message>
        <source>The model&apos;s context is full.</source>
        <translation>Контекст модели заполнен.</translation>
    </message>
    <message>
        <source>Start a new conversation or lower the reply length.</source>
        <translation>Начните новый разговор или уменьшите длину ответа.</translation>
    </message>
    <message>
        <source>The model file ends in the middle of its header (it is truncated).</source>
        <translation>Файл модели обрывается посреди заголовка (он обрезан).</translation>
    </message>
    <message>
        <source>Downloads are switched off: HF_HUB_OFFLINE is set.</source>
        <translation>Скачивание отключено: задана переменная HF_HUB_OFFLINE.</translation>
    </message>
    <message>
        <source>Unset HF_HUB_OFFLINE (or set it to 0) and pull again.</source>
        <translation>Уберите HF_HUB_OFFLINE (или задайте 0) и скачайте снова.</translation>
    </message>
    <message>
        <source>Update Hearth (its model catalog may be out of date) or choose another model.</source>
        <translation>Обновите Hearth (его каталог моделей мог устареть) или выберите другую модель.</translation>
    </message>
    <message>
        <source>The model file {path} does not exist.</source>
        <translation>Файла модели {path} нет.</translation>
    </message>
    <message>
        <source>{path} is not a file.</source>
        <translation>{path} — не файл.</translation>
    </message>
    <message>
        <source>{name} is not a GGUF model file (it does not start with &apos;GGUF&apos;).</source>
        <translation>{name} — не файл модели GGUF (он не начинается с «GGUF»).</translation>
    </message>
    <message>
        <source>The prompt needs {needed} tokens but only {limit} fit.</source>
        <translation>Запросу нужно токенов: {needed}, а помещается только {limit}.</translation>
    </message>
    <message>
        <source>The message has {count} characters; one entry holds at most {limit}.</source>
        <translation>В сообщении {count} символов; одна запись вмещает не больше {limit}.</translation>
    </message>
    <message>
        <source>The text has {count} characters; at most {limit} are allowed.</source>
        <translation>В тексте {count} символов; можно не больше {limit}.</translation>
    </message>
    <message>
        <source>The text is empty.</source>
        <translation>Текст пустой.</translation>
    </message>
    <message>
        <source>Fact {id} does not exist.</source>
        <translation>Факта №{id} нет.</translation>
    </message>
    <message>
        <source>It does not exist any more (no. {id}).</source>
        <translation>Этого больше нет (№ {id}).</translation>
    </message>
    <message>
        <source>Restore the latest backup with `hearth restore` ({name}).</source>
        <translation>Восстановите последнюю резервную копию командой `hearth restore` ({name}).</translation>
    </message>
    <message>
        <source>The backup {name} is damaged.</source>
        <translation>Резервная копия {name} повреждена.</translation>
    </message>
    <message>
        <source>{name} is not a Hearth backup.</source>
        <translation>{name} — не резервная копия Hearth.</translation>
    </message>
    <message>
        <source>Something went wrong in the background: {name}.</source>
        <translation>В фоновой работе что-то пошло не так: {name}.</translation>
    </message>
    <message>
        <source>It failed unexpectedly ({name}).</source>
        <translation>Неожиданная ошибка ({name}).</translation>
    </message>
    <message>
        <source>{number} B</source>
        <translation>{number} Б</translation>
    </message>
    <message>
        <source>{number}.{decimal} KB</source>
        <translation>{number},{decimal} кБ</translation>
    </message>
    <message>
        <source>{number}.{decimal} MB</source>
        <translation>{number},{decimal} МБ</translation>
    </message>
    <message>
        <source>{number}.{decimal} GB</source>
        <translation>{number},{decimal} ГБ</translation>
    </message>
    <message>
        <source>The computer ran out of memory.</source>
        <translation>Компьютеру не хватило памяти.</translation>
    </message>
    <message>
        <source>Hearth hit an unexpected problem ({name}).</source>
        <translation>Hearth столкнулся с неожиданной ошибкой ({name}).</translation>
    </message>
    <message>
        <source>The damaged file was kept at {path}.</source>
        <translation>Повреждённый файл сохранён здесь: {path}.</translation>
    </message>
    <message>
        <source>There is no space left on the disk{where}.</source>
        <translation>На диске не осталось места{where}.</translation>
    </message>
    <message>
        <source>Permission denied</source>
        <translation>Нет доступа</translation>
    </message>
    <message>
        <source>Hearth is not allowed to use this file or folder{where}.</source>
        <translation>У Hearth нет доступа к этому файлу или папке{where}.</translation>
    </message>
    <message>
        <source>Check the file&apos;s permissions, or choose another location.</source>
        <translation>Проверьте права доступа к файлу или выберите другое место.</translation>
    </message>
    <message>
        <source>File not found</source>
        <translation>Файл не найден</translation>
    </message>
    <message>
        <source>The file does not exist{where}.</source>
        <translation>Такого файла нет{where}.</translation>
    </message>
    <message>
        <source>Check the path and try again.</source>
        <translation>Проверьте путь и попробуйте снова.</translation>
    </message>
    <message>
        <source>A folder, not a file</source>
        <translation>Это папка, а не файл</translation>
    </message>
    <message>
        <source>This is a folder, not a file{where}.</source>
        <translation>Это папка, а не файл{where}.</translation>
    </message>
    <message>
        <source>Choose a file inside it instead.</source>
        <translation>Выберите файл внутри неё.</translation>
    </message>
    <message>
        <source>Read-only</source>
        <translation>Только для чтения</translation>
    </message>
    <message>
        <source>The disk or folder can only be read, not written{where}.</source>
        <translation>Диск или папка доступны только для чтения{where}.</translation>
    </message>
    <message>
        <source>Choose a folder on a disk Hearth can write to.</source>
        <translation>Выберите папку на диске, куда Hearth может писать.</translation>
    </message>
    <message>
        <source>A file, not a folder</source>
        <translation>Файл, а не папка</translation>
    </message>
    <message>
        <source>Part of this path is a file where a folder should be{where}.</source>
        <translation>В этом пути на месте папки стоит файл{where}.</translation>
    </message>
    <message>
        <source>Could not read or write a file</source>
        <translation>Не удалось прочитать или записать файл</translation>
    </message>
    <message>
        <source>Run `hearth backup` first, or give the path of a backup file.</source>
        <translation>Сначала выполните `hearth backup` или укажите путь к файлу резервной копии.</translation>
    </message>
    <message>
        <source>Choose another (older) backup.</source>
        <translation>Выберите другую (более старую) резервную копию.</translation>
    </message>
    <message>
        <source>Update Hearth, then restore it.</source>
        <translation>Обновите Hearth, а затем восстановите её.</translation>
    </message>
    <message>
        <source>Choose another backup file.</source>
        <translation>Выберите другой файл резервной копии.</translation>
    </message>
    <message>
        <source>A token count cannot be negative.</source>
        <translation>Число токенов не может быть отрицательным.</translation>
    </message>
    <message>
        <source>The diary is still in use.</source>
        <translation>Дневник всё ещё используется.</translation>
    </message>
    <message>
        <source>This diary is encrypted.</source>
        <translation>Этот дневник зашифрован.</translation>
    </message>
    <message>
        <source>The new copy of the diary failed its integrity check.</source>
        <translation>Новая копия дневника не прошла проверку целостности.</translation>
    </message>
    <message>
        <source>The new copy of the diary does not hold every row.</source>
        <translation>В новой копии дневника сохранились не все строки.</translation>
    </message>
    <message>
        <source>The diary could not be copied; it is unchanged.</source>
        <translation>Дневник не удалось скопировать; он остался прежним.</translation>
    </message>
    <message>
        <source>The diary was locked.</source>
        <translation>Дневник был заблокирован.</translation>
    </message>
    <message>
        <source>Unlock it again.</source>
        <translation>Разблокируйте его снова.</translation>
    </message>
    <message>
        <source>The model&apos;s process is not running.</source>
        <translation>Процесс модели не запущен.</translation>
    </message>
    <message>
        <source>The model&apos;s process is not answering.</source>
        <translation>Процесс модели не отвечает.</translation>
    </message>
    <message>
        <source>Close other programs, lower the context size or choose a smaller model, then load it again.</source>
        <translation>Закройте другие программы, уменьшите контекст или выберите модель поменьше, затем загрузите её снова.</translation>
    </message>
    <message>
        <source>Only the latest version of a reflection can be revised.</source>
        <translation>Пересмотреть можно только последнюю версию размышления.</translation>
    </message>
    <message>
        <source>This fact was deleted by the person and is not re-created automatically.</source>
        <translation>Этот факт вы удалили сами, и автоматически он больше не появится.</translation>
    </message>
    <message>
        <source>This file is not a Hearth JSON export.</source>
        <translation>Этот файл — не JSON-выгрузка Hearth.</translation>
    </message>
    <message>
        <source>Export with `hearth export --format json`.</source>
        <translation>Выгрузите дневник командой `hearth export --format json`.</translation>
    </message>
    <message>
        <source>Update Hearth.</source>
        <translation>Обновите Hearth.</translation>
    </message>
    <message>
        <source>Nothing was imported. Import a file made by `hearth export --format json`, unchanged.</source>
        <translation>Ничего не загружено. Загружайте файл, сделанный `hearth export --format json`, без изменений.</translation>
    </message>
    <message>
        <source>The disk (or the diary file) is full: this change was not saved.</source>
        <translation>Диск (или файл дневника) переполнен: это изменение не сохранено.</translation>
    </message>
    <message>
        <source>The diary file is damaged.</source>
        <translation>Файл дневника повреждён.</translation>
    </message>
    <message>
        <source>The diary file is damaged and cannot be opened safely.</source>
        <translation>Файл дневника повреждён, и открыть его безопасно нельзя.</translation>
    </message>
    <message>
        <source>The diary is busy (another program holds it).</source>
        <translation>Дневник занят (его держит другая программа).</translation>
    </message>
    <message>
        <source>Close other Hearth windows and try again.</source>
        <translation>Закройте другие окна Hearth и попробуйте снова.</translation>
    </message>
    <message>
        <source>The diary file is read-only.</source>
        <translation>Файл дневника доступен только для чтения.</translation>
    </message>
    <message>
        <source>Check the permissions of the data directory.</source>
        <translation>Проверьте права доступа к папке данных.</translation>
    </message>
    <message>
        <source>The diary file could not be read or written.</source>
        <translation>Файл дневника не удалось прочитать или записать.</translation>
    </message>
    <message>
        <source>Check the disk and try again.</source>
        <translation>Проверьте диск и попробуйте снова.</translation>
    </message>
    <message>
        <source>The change conflicts with what is stored.</source>
        <translation>Изменение противоречит тому, что уже сохранено.</translation>
    </message>
    <message>
        <source>Refresh and try again.</source>
        <translation>Обновите список и попробуйте снова.</translation>
    </message>
    <message>
        <source>A few unrelated words make a strong one that is easy to remember.</source>
        <translation>Несколько не связанных между собой слов — надёжная фраза, которую легко запомнить.</translation>
    </message>
    <message>
        <source>Enter the diary&apos;s passphrase.</source>
        <translation>Введите парольную фразу дневника.</translation>
    </message>
    <message>
        <source>Free some disk space, then download the model again.</source>
        <translation>Освободите место на диске и скачайте модель снова.</translation>
    </message>
    <message>
        <source>{variable} names a file that cannot be read ({reason}).</source>
        <translation>Файл, указанный в {variable}, не читается ({reason}).</translation>
    </message>
    <message>
        <source>Check the path in the variable.</source>
        <translation>Проверьте путь в переменной.</translation>
    </message>
    <message>
        <source>The file in {variable} is too long for a passphrase.</source>
        <translation>Файл из {variable} слишком длинный для парольной фразы.</translation>
    </message>
    <message>
        <source>Put only the passphrase in it.</source>
        <translation>Оставьте в нём только парольную фразу.</translation>
    </message>
    <message>
        <source>The file in {variable} is not UTF-8 text.</source>
        <translation>Файл из {variable} — не текст в UTF-8.</translation>
    </message>
    <message>
        <source>Save the passphrase in it as UTF-8.</source>
        <translation>Сохраните в нём парольную фразу в кодировке UTF-8.</translation>
    </message>
    <message>
        <source>The file in {variable} is empty.</source>
        <translation>Файл из {variable} пуст.</translation>
    </message>
    <message>
        <source>Put the passphrase in it.</source>
        <translation>Запишите в него парольную фразу.</translation>
    </message>
    <message>
        <source>A passphrase is needed and there is no terminal to ask on.</source>
        <translation>Нужна парольная фраза, а спросить её негде: команда запущена не в терминале.</translation>
    </message>
    <message>
        <source>Put it in a file and name the file in {variable}.</source>
        <translation>Запишите её в файл и укажите этот файл в {variable}.</translation>
    </message>
    <message>
        <source>The two passphrases differ; nothing was changed.</source>
        <translation>Парольные фразы не совпали; ничего не изменено.</translation>
    </message>
    <message>
        <source>The disk is full: the diary could not be written.</source>
        <translation>Диск заполнен: дневник не удалось записать.</translation>
    </message>
    <message>
        <source>The last things written to the diary were damaged on disk, and Hearth could not keep a copy of them before opening it.</source>
        <translation>Последнее, что было записано в дневник, повреждено на диске, а сохранить копию этого перед открытием Hearth не смог.</translation>
    </message>
    <message>
        <source>Free some disk space and start Hearth again: the diary was not opened or changed.</source>
        <translation>Освободите место на диске и запустите Hearth снова: дневник не открывался и не изменён.</translation>
    </message>
    <message>
        <source>The model ended its reply before writing a word.</source>
        <translation>Модель закончила ответ, не написав ни слова.</translation>
    </message>
    <message>
        <source>Send the message again; if it keeps happening, choose another model.</source>
        <translation>Отправьте сообщение ещё раз; если это повторяется, выберите другую модель.</translation>
    </message>
    <message>
        <source>The diary failed its integrity check after the change.</source>
        <translation>После изменения дневник не прошёл проверку целостности.</translation>
    </message>
    <message>
        <source>That passphrase does not open this diary.</source>
        <translation>Эта парольная фраза не открывает дневник.</translation>
    </message>
    <message>
        <source>The person deleted this fact; automatic memory must not bring it back.</source>
        <translation>Вы удалили этот факт; автоматическая память не вернёт его.</translation>
    </message>
    <message>
        <source>Import into an empty diary: use another --data-dir, or run `hearth forget-everything --yes` first.</source>
        <translation>Загружайте в пустой дневник: укажите другую --data-dir или сначала выполните `hearth forget-everything --yes`.</translation>
    </message>
    <message>
        <source>Check the passphrase (and the keyboard layout) and try again. A forgotten passphrase cannot be recovered, by design; `hearth forget-everything --yes` erases the diary to start over.</source>
        <translation>Проверьте парольную фразу (и раскладку клавиатуры) и попробуйте снова. Забытую парольную фразу восстановить нельзя — так задумано; `hearth forget-everything --yes` стирает дневник, чтобы начать заново.</translation>
    </message>
    <message>
        <source>Enter the passphrase (scripts: put it in a file and name it in HEARTH_PASSPHRASE_FILE). A forgotten passphrase cannot be recovered, by design; `hearth forget-everything --yes` erases the diary to start over.</source>
        <translation>Введите парольную фразу (для скриптов: запишите её в файл и укажите его в HEARTH_PASSPHRASE_FILE). Забытую парольную фразу восстановить нельзя — так задумано; `hearth forget-everything --yes` стирает дневник, чтобы начать заново.</translation>
    </message>
    <message>
        <source>Nothing was lost. Free some disk space or close other Hearth windows, then try again.</source>
        <translation>Ничего не потеряно. Освободите место на диске или закройте другие окна Hearth и попробуйте снова.</translation>
    </message>
    <message>
        <source>the row is not an object</source>
        <translation>строка — не объект</translation>
    </message>
    <message>
        <source>The meaning model was closed.</source>
        <translation>Модель для поиска по смыслу закрыта.</translation>
    </message>
    <message>
        <source>The meaning model answered something else than vectors.</source>
        <translation>Модель для поиска по смыслу ответила не векторами.</translation>
    </message>
    <message>
        <source>Nothing to evaluate: the prompt is empty.</source>
        <translation>Нечего обрабатывать: запрос пуст.</translation>
    </message>
    <message>
        <source>Use e.g. 4096.</source>
        <translation>Укажите, например, 4096.</translation>
    </message>
    <message>
        <source>No model is available: nothing is downloaded and the built-in model is missing.</source>
        <translation>Модели нет: ничего не скачано, а встроенная модель отсутствует.</translation>
    </message>
    <message>
        <source>Download the recommended model (`hearth models pull`) or choose a .gguf file.</source>
        <translation>Скачайте рекомендованную модель (`hearth models pull`) или выберите файл .gguf.</translation>
    </message>
    <message>
        <source>Check the internet connection (or HF_ENDPOINT) and pull again: it resumes where it stopped.</source>
        <translation>Проверьте подключение к интернету (или HF_ENDPOINT) и снова выполните pull: скачивание продолжится с того же места.</translation>
    </message>
    <message>
        <source>Start the download again: it resumes where it stopped.</source>
        <translation>Запустите скачивание снова: оно продолжится с того же места.</translation>
    </message>
    <message>
        <source>Check HF_ENDPOINT: it must point to the Hugging Face hub or a faithful mirror.</source>
        <translation>Проверьте HF_ENDPOINT: он должен указывать на Hugging Face Hub или его точное зеркало.</translation>
    </message>
    <message>
        <source>The model catalog may be out of date, or HF_ENDPOINT points to a mirror without this model.</source>
        <translation>Возможно, каталог моделей устарел или HF_ENDPOINT указывает на зеркало без этой модели.</translation>
    </message>
    <message>
        <source>Check the internet connection (or HF_ENDPOINT) and try again.</source>
        <translation>Проверьте подключение к интернету (или HF_ENDPOINT) и попробуйте снова.</translation>
    </message>
    <message>
        <source>Check free disk space and permissions of the data directory, then pull again.</source>
        <translation>Проверьте свободное место на диске и права на папку данных, затем снова выполните pull.</translation>
    </message>
    <message>
        <source>The model catalog lists no models.</source>
        <translation>В каталоге моделей нет ни одной модели.</translation>
    </message>
    <message>
        <source>Recall still works by words. Reinstall Hearth (make run) to bring back recall by meaning.</source>
        <translation>Поиск по словам по-прежнему работает. Чтобы вернуть поиск по смыслу, переустановите Hearth (make run).</translation>
    </message>
    <message>
        <source>Check the server&apos;s address in the model manager and that the server is running.</source>
        <translation>Проверьте адрес сервера в менеджере моделей и что сервер запущен.</translation>
    </message>
    <message>
        <source>Start the model server (or check its address and port in the model manager), then try again.</source>
        <translation>Запустите сервер модели (или проверьте его адрес и порт в менеджере моделей) и попробуйте снова.</translation>
    </message>
    <message>
        <source>The server did not answer in time. It may be busy or overloaded; try again, or use a smaller model.</source>
        <translation>Сервер не ответил вовремя. Возможно, он занят или перегружен; попробуйте снова или возьмите модель поменьше.</translation>
    </message>
    <message>
        <source>The server refused the API key. Enter the key the server expects in the model manager.</source>
        <translation>Сервер не принял ключ API. Введите в менеджере моделей ключ, который ждёт сервер.</translation>
    </message>
    <message>
        <source>Press Test connection to list the models this server has, and choose one of them.</source>
        <translation>Нажмите «Проверить соединение», чтобы увидеть модели этого сервера, и выберите одну из них.</translation>
    </message>
    <message>
        <source>Lower Hearth&apos;s context size to the server&apos;s, or start the server with a larger context (llama.cpp: -c, llama-cpp-python: --n_ctx).</source>
        <translation>Уменьшите размер контекста Hearth до серверного или запустите сервер с контекстом побольше (llama.cpp: -c, llama-cpp-python: --n_ctx).</translation>
    </message>
    <message>
        <source>The secure connection failed (certificate not trusted or expired, or the server speaks plain http). Check the address&apos;s http/https and the server&apos;s certificate.</source>
        <translation>Защищённое соединение не удалось (сертификату нет доверия или он истёк, либо сервер работает по обычному http). Проверьте http/https в адресе и сертификат сервера.</translation>
    </message>
    <message>
        <source>Enter the address as http://host:port (a computer at home) or https://host (anywhere else).</source>
        <translation>Введите адрес как http://хост:порт (компьютер дома) или https://хост (в любом другом месте).</translation>
    </message>
    <message>
        <source>The part of the reply that arrived is kept, marked interrupted. Check the server and try again.</source>
        <translation>Пришедшая часть ответа сохранена с пометкой «прервано». Проверьте сервер и попробуйте снова.</translation>
    </message>
    <message>
        <source>Another request reached the server while it was answering (another program, or Test connection in the model manager), and llama-cpp-python&apos;s server then stops the reply (unless it is started with --interrupt_requests False). Whatever had arrived is kept, marked interrupted.</source>
        <translation>Пока сервер отвечал, к нему пришёл другой запрос (от другой программы или от «Проверить соединение» в менеджере моделей), и сервер llama-cpp-python в таком случае обрывает ответ (если не запущен с --interrupt_requests False). То, что успело прийти, сохранено и помечено как прерванное.</translation>
    </message>
    <message>
        <source>Turn encryption on here with the backup&apos;s passphrase (Settings ▸ Privacy, or `hearth encryption on`), then restore it; `hearth restore` into a new diary asks for it.</source>
        <translation>Включите здесь шифрование с парольной фразой этой копии (Настройки ▸ Приватность или `hearth encryption on`), затем восстановите её; `hearth restore` в новый дневник сам спросит парольную фразу.</translation>
    </message>
    <message>
        <source>That passphrase does not open the backup.</source>
        <translation>Эта парольная фраза не открывает резервную копию.</translation>
    </message>
    <message>
        <source>The backup is encrypted and this diary is not.</source>
        <translation>Резервная копия зашифрована, а этот дневник — нет.</translation>
    </message>
    <message>
        <source>Turn encryption on here with the backup&apos;s passphrase (Settings ▸ Privacy), then restore it.</source>
        <translation>Включите здесь шифрование с парольной фразой этой копии (Настройки ▸ Приватность), затем восстановите её.</translation>
    </message>
    <message>
        <source>Try again.</source>
        <translation>Попробуйте ещё раз.</translation>
    </message>
    <message>
        <source>The diary file is damaged, and another Hearth window or `hearth chat` has it open.</source>
        <translation>Файл дневника повреждён, а его держит открытым другое окно Hearth или `hearth chat`.</translation>
    </message>
    <message>
        <source>Close that window or chat; the next start checks the file and repairs it.</source>
        <translation>Закройте то окно или чат: при следующем запуске файл будет проверен и восстановлен.</translation>
    </message>
    <message>
        <source>The diary is encrypted; this export would be plain text.</source>
        <translation>Дневник зашифрован, а этот экспорт был бы открытым текстом.</translation>
    </message>
    <message>
        <source>Add --plaintext to write it anyway, or use --format encrypted --out FILE.</source>
        <translation>Добавьте --plaintext, чтобы всё же записать его, или используйте --format encrypted --out ФАЙЛ.</translation>
    </message>
    <message>
        <source>The diary is not encrypted.</source>
        <translation>Дневник не зашифрован.</translation>
    </message>
    <message>
        <source>Turn it on with `hearth encryption on` first.</source>
        <translation>Сначала включите шифрование: `hearth encryption on`.</translation>
    </message>
    <message>
        <source>An encrypted archive needs a file.</source>
        <translation>Для зашифрованного архива нужен файл.</translation>
    </message>
    <message>
        <source>Add --out FILE.</source>
        <translation>Добавьте --out ФАЙЛ.</translation>
    </message>
    <message>
        <source>The server&apos;s own message says what went wrong; check the server&apos;s log.</source>
        <translation>Что пошло не так, сказано в сообщении самого сервера; загляните в журнал сервера.</translation>
    </message>
    <message>
        <source>The prompt does not fit the server&apos;s context.</source>
        <translation>Запрос не помещается в контекст сервера.</translation>
    </message>
    <message>
        <source>The server has no such model.</source>
        <translation>На сервере нет такой модели.</translation>
    </message>
    <message>
        <source>The connection to the model server is closed.</source>
        <translation>Соединение с сервером модели закрыто.</translation>
    </message>
    <message>
        <source>Connect to the server again.</source>
        <translation>Подключитесь к серверу снова.</translation>
    </message>
    <message>
        <source>The server does not report prompt token counts.</source>
        <translation>Сервер не сообщает, сколько токенов в запросе.</translation>
    </message>
    <message>
        <source>No server address was entered.</source>
        <translation>Адрес сервера не введён.</translation>
    </message>
    <message>
        <source>The address may not carry a user name, password, query or fragment.</source>
        <translation>В адресе не должно быть имени пользователя, пароля, запроса или фрагмента.</translation>
    </message>
    <message>
        <source>Enter just http(s)://host:port; put an API key in the API key field.</source>
        <translation>Введите только http(s)://хост:порт, а ключ API — в поле «Ключ API».</translation>
    </message>
    <message>
        <source>Use an https:// address for a server outside your home network.</source>
        <translation>Для сервера за пределами домашней сети используйте адрес https://.</translation>
    </message>
    <message>
        <source>Confirm that your prompts may be sent there (the model manager asks; `hearth chat` takes --allow-remote).</source>
        <translation>Подтвердите, что запросы можно отправлять туда (менеджер моделей спросит; `hearth chat` принимает --allow-remote).</translation>
    </message>
    <message>
        <source>Choose a larger context size in the model settings, or a shorter reply length.</source>
        <translation>Выберите в настройках модели контекст побольше или ответы покороче.</translation>
    </message>
    <message>
        <source>The model&apos;s answer was not the expected JSON object.</source>
        <translation>Ответ модели — не тот JSON-объект, которого ждали.</translation>
    </message>
    <message>
        <source>Choose an empty folder or one that holds a Hearth diary (--data-dir DIR).</source>
        <translation>Выберите пустую папку или папку с дневником Hearth (--data-dir ПАПКА).</translation>
    </message>
    <message>
        <source>The folder given with --data-dir is empty.</source>
        <translation>В --data-dir указан пустой путь.</translation>
    </message>
    <message>
        <source>Name a folder: --data-dir FOLDER.</source>
        <translation>Укажите папку: --data-dir ПАПКА.</translation>
    </message>
    <message>
        <source>Check the path, or give the whole path without ~.</source>
        <translation>Проверьте путь или укажите его полностью, без ~.</translation>
    </message>
    <message>
        <source>The picture file was not found.</source>
        <translation>Файл картинки не найден.</translation>
    </message>
    <message>
        <source>The picture is larger than 32 MB.</source>
        <translation>Картинка больше 32 МБ.</translation>
    </message>
    <message>
        <source>The picture has more than 100 megapixels.</source>
        <translation>В картинке больше 100 мегапикселей.</translation>
    </message>
    <message>
        <source>The picture cannot be read: the file is damaged or not a picture.</source>
        <translation>Картинку не удаётся прочитать: файл повреждён или это не картинка.</translation>
    </message>
    <message>
        <source>The picture file is empty (0 bytes).</source>
        <translation>Файл картинки пуст (0 байт).</translation>
    </message>
    <message>
        <source>Check that the picture finished copying or downloading, then attach it again.</source>
        <translation>Проверьте, что картинка докопировалась или докачалась, и прикрепите её снова.</translation>
    </message>
    <message>
        <source>Hearth reads PNG, JPEG, WebP and GIF pictures; this file is another kind.</source>
        <translation>Hearth читает картинки PNG, JPEG, WebP и GIF; этот файл другого вида.</translation>
    </message>
    <message>
        <source>There is no picture to attach.</source>
        <translation>Нет картинки, которую можно прикрепить.</translation>
    </message>
    <message>
        <source>Unknown text-reading state.</source>
        <translation>Неизвестное состояние чтения текста.</translation>
    </message>
    <message>
        <source>Tesseract is not installed.</source>
        <translation>Tesseract не установлен.</translation>
    </message>
    <message>
        <source>Tesseract could not be started.</source>
        <translation>Не удалось запустить Tesseract.</translation>
    </message>
    <message>
        <source>Reading the picture&apos;s text took too long.</source>
        <translation>Чтение текста на картинке заняло слишком много времени.</translation>
    </message>
    <message>
        <source>Tesseract could not read the picture.</source>
        <translation>Tesseract не смог прочитать картинку.</translation>
    </message>
    <message>
        <source>There is nothing to answer yet.</source>
        <translation>Пока не на что отвечать.</translation>
    </message>
    <message>
        <source>Hearth has already answered your last entry.</source>
        <translation>Hearth уже ответил на вашу последнюю запись.</translation>
    </message>
    <message>
        <source>Write more, or ask it to go deeper.</source>
        <translation>Напишите ещё или попросите его копнуть глубже.</translation>
    </message>
    <message>
        <source>There is nothing to go deeper into yet.</source>
        <translation>Пока нечего углублять.</translation>
    </message>
    <message>
        <source>{raw} names the home folder of a user this computer does not have.</source>
        <translation>В {raw} указана домашняя папка пользователя, которого на этом компьютере нет.</translation>
    </message>
    <message>
        <source>Unknown opening question source or state: {source}, {state}.</source>
        <translation>Неизвестный источник или состояние вопроса дня: {source}, {state}.</translation>
    </message>
    <message>
        <source>Unknown opening question state {value}.</source>
        <translation>Неизвестное состояние вопроса дня: {value}.</translation>
    </message>
    <message>
        <source>A mood is a whole number from 1 to 5, not {value}.</source>
        <translation>Настроение — целое число от 1 до 5, а не {value}.</translation>
    </message>
    <message>
        <source>Unknown role {value}; expected one of {options}.</source>
        <translation>Неизвестная роль {value}; допустимы: {options}.</translation>
    </message>
    <message>
        <source>Unknown status {value}; expected one of {options}.</source>
        <translation>Неизвестный статус {value}; допустимы: {options}.</translation>
    </message>
    <message>
        <source>Unknown summary kind {value}; expected one of {options}.</source>
        <translation>Неизвестный вид сводки {value}; допустимы: {options}.</translation>
    </message>
    <message>
        <source>Unknown fact kind {value}; expected one of {options}.</source>
        <translation>Неизвестный вид факта {value}; допустимы: {options}.</translation>
    </message>
    <message>
        <source>Unknown fact source {value}; expected manual or automatic.</source>
        <translation>Неизвестный источник факта {value}; допустимы manual и automatic.</translation>
    </message>
    <message>
        <source>Importance must be a whole number from 1 to 5, not {value}.</source>
        <translation>Важность должна быть целым числом от 1 до 5, а не {value}.</translation>
    </message>
    <message>
        <source>No backup at {path}.</source>
        <translation>Резервной копии {path} нет.</translation>
    </message>
    <message>
        <source>The backup {name} was written by a newer Hearth.</source>
        <translation>Резервная копия {name} записана более новой версией Hearth.</translation>
    </message>
    <message>
        <source>The backup {name} is encrypted with another passphrase (or is not a Hearth backup).</source>
        <translation>Резервная копия {name} зашифрована другой парольной фразой (или это не резервная копия Hearth).</translation>
    </message>
    <message>
        <source>The backup {name} is encrypted and this diary is not (or it is not a Hearth backup).</source>
        <translation>Резервная копия {name} зашифрована, а этот дневник — нет (или это не резервная копия Hearth).</translation>
    </message>
    <message>
        <source>It was moved aside to {name}.</source>
        <translation>Он отложен в сторону под именем {name}.</translation>
    </message>
    <message>
        <source>The last things written to it were damaged too: copies of the damaged log and of the diary file as it was are kept beside it, as {log} and {base}.</source>
        <translation>Последние записи в нём тоже повреждены: копии повреждённого журнала и файла дневника в прежнем виде сохранены рядом с ним: {log} и {base}.</translation>
    </message>
    <message>
        <source>The last things written to it were damaged too: a copy of the damaged log is kept beside it, as {log}.</source>
        <translation>Последние записи в нём тоже повреждены: копия повреждённого журнала сохранена рядом с ним: {log}.</translation>
    </message>
    <message>
        <source>Expected text, got {type}.</source>
        <translation>Ожидался текст, а получено: {type}.</translation>
    </message>
    <message>
        <source>Unsupported export version {version}.</source>
        <translation>Версия выгрузки {version} не поддерживается.</translation>
    </message>
    <message>
        <source>The export&apos;s &quot;{key}&quot; is not a list of rows.</source>
        <translation>«{key}» в выгрузке — не список строк.</translation>
    </message>
    <message>
        <source>A passphrase needs at least {n} characters.</source>
        <translation>Парольная фраза должна быть не короче {n} символов.</translation>
    </message>
    <message>
        <source>{path} is bigger than {n} MB, the most Hearth imports.</source>
        <translation>{path} больше {n} МБ — это предел того, что загружает Hearth.</translation>
    </message>
    <message>
        <source>{name} is not UTF-8 text, so it is not a Hearth JSON export.</source>
        <translation>{name} — не текст в UTF-8, значит, это не JSON-выгрузка Hearth.</translation>
    </message>
    <message>
        <source>{name} nests its JSON too deeply to be a Hearth export.</source>
        <translation>В {name} слишком глубокая вложенность JSON для выгрузки Hearth.</translation>
    </message>
    <message>
        <source>{name} is not valid JSON (line {line}, column {column}).</source>
        <translation>{name} — недопустимый JSON (строка {line}, столбец {column}).</translation>
    </message>
    <message>
        <source>{name} is not valid JSON.</source>
        <translation>{name} — недопустимый JSON.</translation>
    </message>
    <message>
        <source>A row of &quot;{table}&quot; refers to a missing row of &quot;{target}&quot;.</source>
        <translation>Строка таблицы «{table}» ссылается на отсутствующую строку таблицы «{target}».</translation>
    </message>
    <message>
        <source>The export has {n} rows; at most {limit} can be imported.</source>
        <translation>В выгрузке {n} строк; загрузить можно не больше {limit}.</translation>
    </message>
    <message>
        <source>Row {n} of &quot;{table}&quot; ({key} {id}): {problem}.</source>
        <translation>Строка {n} таблицы «{table}» ({key} {id}): {problem}.</translation>
    </message>
    <message>
        <source>Row {n} of &quot;{table}&quot;: {problem}.</source>
        <translation>Строка {n} таблицы «{table}»: {problem}.</translation>
    </message>
    <message>
        <source>the row is malformed</source>
        <translation>строка повреждена</translation>
    </message>
    <message>
        <source>the {name} is not a whole number from {low} to {high}</source>
        <translation>поле {name} — не целое число от {low} до {high}</translation>
    </message>
    <message>
        <source>the {name} is not a whole number from {low}</source>
        <translation>поле {name} — не целое число от {low}</translation>
    </message>
    <message>
        <source>the {name} is not true or false</source>
        <translation>поле {name} — не true и не false</translation>
    </message>
    <message>
        <source>the {name} is not one of {options}</source>
        <translation>поле {name} — не одно из: {options}</translation>
    </message>
    <message>
        <source>the {name} is not text</source>
        <translation>поле {name} — не текст</translation>
    </message>
    <message>
        <source>the {name} has {count} characters; at most {limit} are allowed</source>
        <translation>в поле {name} {count} символов; можно не больше {limit}</translation>
    </message>
    <message>
        <source>the {name} has more than {limit} characters</source>
        <translation>в поле {name} больше {limit} символов</translation>
    </message>
    <message>
        <source>the {name} is empty</source>
        <translation>поле {name} пустое</translation>
    </message>
    <message>
        <source>the {name} is not a hexadecimal fingerprint</source>
        <translation>поле {name} — не шестнадцатеричный отпечаток</translation>
    </message>
    <message>
        <source>the {name} is not a valid date (YYYY-MM-DD)</source>
        <translation>поле {name} — недопустимая дата (ГГГГ-ММ-ДД)</translation>
    </message>
    <message>
        <source>the {name} is not a valid date and time (YYYY-MM-DD HH:MM:SS)</source>
        <translation>поле {name} — недопустимые дата и время (ГГГГ-ММ-ДД ЧЧ:ММ:СС)</translation>
    </message>
    <message>
        <source>the {name} is missing</source>
        <translation>поля {name} нет</translation>
    </message>
    <message>
        <source>the export has more than {limit} characters of text in all</source>
        <translation>в выгрузке больше {limit} символов текста</translation>
    </message>
    <message>
        <source>the {name} is already used by row {row}</source>
        <translation>значение {name} уже занято строкой {row}</translation>
    </message>
    <message>
        <source>the {name} are already used by row {row}</source>
        <translation>значения {name} уже заняты строкой {row}</translation>
    </message>
    <message>
        <source>the {name} refers to no row of &quot;{table}&quot; in the file</source>
        <translation>поле {name} ссылается на строку таблицы «{table}», которой нет в файле</translation>
    </message>
    <message>
        <source>llama.cpp failed to evaluate the prompt (llama_decode returned {code}).</source>
        <translation>llama.cpp не смог обработать запрос (llama_decode вернул {code}).</translation>
    </message>
    <message>
        <source>The JSON schema cannot be used to constrain the output ({reason}).</source>
        <translation>JSON-схемой нельзя ограничить ответ ({reason}).</translation>
    </message>
    <message>
        <source>llama.cpp could not load {name} ({reason}).</source>
        <translation>llama.cpp не смог загрузить {name} ({reason}).</translation>
    </message>
    <message>
        <source>A context size of {n} tokens is not valid.</source>
        <translation>Размер контекста {n} токенов недопустим.</translation>
    </message>
    <message>
        <source>The context size {n} is larger than {name} was trained for ({trained} tokens).</source>
        <translation>Размер контекста {n} больше, чем тот, на котором обучена {name} ({trained} токенов).</translation>
    </message>
    <message>
        <source>The model needs about {needed} of memory (weights {weights}, {n} × KV cache {cache}) but only {free} is available.</source>
        <translation>Модели нужно около {needed} памяти (веса {weights}, {n} × KV-кэш {cache}), а доступно только {free}.</translation>
    </message>
    <message>
        <source>{name} uses the model architecture {arch}, which this llama.cpp cannot run.</source>
        <translation>{name} использует архитектуру {arch}, которую эта сборка llama.cpp не запускает.</translation>
    </message>
    <message>
        <source>There is not enough memory to load {name}.</source>
        <translation>Не хватает памяти, чтобы загрузить {name}.</translation>
    </message>
    <message>
        <source>llama.cpp could not allocate a context of {n} tokens ({reason}).</source>
        <translation>llama.cpp не смог выделить контекст на {n} токенов ({reason}).</translation>
    </message>
    <message>
        <source>The chat template inside {name} cannot be read ({reason}).</source>
        <translation>Не удаётся прочитать шаблон чата внутри {name} ({reason}).</translation>
    </message>
    <message>
        <source>The model file&apos;s header has an unknown value type ({type}) for {key}.</source>
        <translation>В заголовке файла модели неизвестный тип значения ({type}) для {key}.</translation>
    </message>
    <message>
        <source>The model file&apos;s header has an unsupported array in {key}.</source>
        <translation>В заголовке файла модели неподдерживаемый массив в {key}.</translation>
    </message>
    <message>
        <source>{name} uses GGUF version {version}, which this app cannot read.</source>
        <translation>{name} записан в GGUF версии {version}, которую Hearth прочитать не может.</translation>
    </message>
    <message>
        <source>The header of {name} is damaged (implausible counts).</source>
        <translation>Заголовок {name} повреждён (неправдоподобные числа).</translation>
    </message>
    <message>
        <source>{name} is truncated: {size} on disk but the model needs {needed} ({missing} missing).</source>
        <translation>{name} обрезан: на диске {size}, а модели нужно {needed} (не хватает {missing}).</translation>
    </message>
    <message>
        <source>{name} has no &apos;general.architecture&apos; in its header.</source>
        <translation>В заголовке {name} нет &apos;general.architecture&apos;.</translation>
    </message>
    <message>
        <source>The tensor table of {name} is damaged.</source>
        <translation>Таблица тензоров {name} повреждена.</translation>
    </message>
    <message>
        <source>Unknown meaning model {name}.</source>
        <translation>Неизвестная модель для поиска по смыслу: {name}.</translation>
    </message>
    <message>
        <source>Choose one of {names}.</source>
        <translation>Выберите одну из: {names}.</translation>
    </message>
    <message>
        <source>The meaning model {name} is not installed.</source>
        <translation>Модель для поиска по смыслу {name} не установлена.</translation>
    </message>
    <message>
        <source>The meaning model could not be loaded ({reason}).</source>
        <translation>Не удалось загрузить модель для поиска по смыслу ({reason}).</translation>
    </message>
    <message>
        <source>The meaning model stopped {n} times; recall uses words.</source>
        <translation>Модель для поиска по смыслу останавливалась {n} раза; поиск идёт по словам.</translation>
    </message>
    <message>
        <source>The meaning model could not start ({reason}).</source>
        <translation>Модель для поиска по смыслу не запустилась ({reason}).</translation>
    </message>
    <message>
        <source>The meaning model stopped unexpectedly (exit code {code}).</source>
        <translation>Модель для поиска по смыслу неожиданно остановилась (код выхода {code}).</translation>
    </message>
    <message>
        <source>The model&apos;s process stopped while loading the model (exit code {code}).</source>
        <translation>Процесс модели остановился во время загрузки модели (код выхода {code}).</translation>
    </message>
    <message>
        <source>The model&apos;s process stopped while it worked (exit code {code}).</source>
        <translation>Процесс модели остановился во время работы (код выхода {code}).</translation>
    </message>
    <message>
        <source>The model&apos;s process stopped {n} times.</source>
        <translation>Процесс модели останавливался {n} раза.</translation>
    </message>
    <message>
        <source>The model&apos;s process could not start ({reason}).</source>
        <translation>Процесс модели не удалось запустить ({reason}).</translation>
    </message>
    <message>
        <source>The model catalog repeats a name: {name}</source>
        <translation>Имя в каталоге моделей повторяется: {name}</translation>
    </message>
    <message>
        <source>The model catalog must mark exactly one default model, found {n}</source>
        <translation>В каталоге моделей должна быть отмечена ровно одна модель по умолчанию, а отмечено: {n}</translation>
    </message>
    <message>
        <source>Bad model entry in the catalog: {entry}</source>
        <translation>Неверная запись модели в каталоге: {entry}</translation>
    </message>
    <message>
        <source>The model catalog is not valid TOML: {reason}</source>
        <translation>Каталог моделей — недопустимый TOML: {reason}</translation>
    </message>
    <message>
        <source>Cannot read the model catalog {path}: {reason}</source>
        <translation>Не удаётся прочитать каталог моделей {path}: {reason}</translation>
    </message>
    <message>
        <source>The chosen model file {path} is missing.</source>
        <translation>Выбранного файла модели {path} нет.</translation>
    </message>
    <message>
        <source>The chosen model file {path} cannot be read: {reason}.</source>
        <translation>Выбранный файл модели {path} не читается: {reason}.</translation>
    </message>
    <message>
        <source>The chosen model file {path} is not a GGUF model.</source>
        <translation>Выбранный файл модели {path} — не модель GGUF.</translation>
    </message>
    <message>
        <source>Lost the connection to {host} while downloading {name}: {reason}.</source>
        <translation>Связь с {host} прервалась во время скачивания {name}: {reason}.</translation>
    </message>
    <message>
        <source>The hub now serves a different {name} (sha256 {got}…) than Hearth&apos;s catalog expects ({expected}…); nothing was downloaded.</source>
        <translation>Хаб теперь отдаёт другой {name} (sha256 {got}…), не тот, что ждёт каталог Hearth ({expected}…); ничего не скачано.</translation>
    </message>
    <message>
        <source>{host} did not report a sha256 for {name}, so the download could not be verified.</source>
        <translation>{host} не сообщил sha256 для {name}, поэтому скачанное нельзя проверить.</translation>
    </message>
    <message>
        <source>The hub reports {name} as {size} bytes, the catalog as {expected}.</source>
        <translation>По данным хаба, {name} весит {size} байт, а по каталогу — {expected}.</translation>
    </message>
    <message>
        <source>{host} did not report the size of {name}.</source>
        <translation>{host} не сообщил размер {name}.</translation>
    </message>
    <message>
        <source>{repo}/{name} (revision {revision}) was not found on {host}.</source>
        <translation>{repo}/{name} (ревизия {revision}) не найден на {host}.</translation>
    </message>
    <message>
        <source>{host} refused the download of {name} (HTTP {status}).</source>
        <translation>{host} отказал в скачивании {name} (HTTP {status}).</translation>
    </message>
    <message>
        <source>Cannot reach {host}: {reason}.</source>
        <translation>Не удаётся связаться с {host}: {reason}.</translation>
    </message>
    <message>
        <source>Cannot write the model file in the data directory: {reason}.</source>
        <translation>Не удаётся записать файл модели в папку данных: {reason}.</translation>
    </message>
    <message>
        <source>The download failed: {reason}</source>
        <translation>Скачать не удалось: {reason}</translation>
    </message>
    <message>
        <source>The download could not start ({reason}).</source>
        <translation>Скачивание не удалось запустить ({reason}).</translation>
    </message>
    <message>
        <source>The download stopped unexpectedly (its process ended with exit code {code}); what was downloaded is kept.</source>
        <translation>Скачивание неожиданно прервалось (его процесс завершился с кодом {code}); уже скачанное сохранено.</translation>
    </message>
    <message>
        <source>Not enough disk space: the download needs {needed} more and {margin} to spare; {free} is free in {folder}.</source>
        <translation>Не хватает места на диске: для скачивания нужно ещё {needed} и {margin} в запасе, а в {folder} свободно {free}.</translation>
    </message>
    <message>
        <source>The downloaded {name} is not the expected file (sha256 {got}…, {size} bytes; expected {expected}…, {expected_size} bytes).</source>
        <translation>Скачанный {name} — не тот файл (sha256 {got}…, {size} байт; ожидался {expected}…, {expected_size} байт).</translation>
    </message>
    <message>
        <source>Download of {name} paused at {done} of {total}.</source>
        <translation>Скачивание {name} приостановлено на {done} из {total}.</translation>
    </message>
    <message>
        <source>The server said: {message}</source>
        <translation>Сервер сообщил: {message}</translation>
    </message>
    <message>
        <source>The server refused access (HTTP {status}).</source>
        <translation>Сервер отказал в доступе (HTTP {status}).</translation>
    </message>
    <message>
        <source>The server has no {route} (HTTP {status}).</source>
        <translation>На сервере нет {route} (HTTP {status}).</translation>
    </message>
    <message>
        <source>The server gave up waiting (HTTP {status}).</source>
        <translation>Сервер перестал ждать (HTTP {status}).</translation>
    </message>
    <message>
        <source>The server answered HTTP {status}.</source>
        <translation>Сервер ответил HTTP {status}.</translation>
    </message>
    <message>
        <source>The server&apos;s answer to {route} is not a JSON object.</source>
        <translation>Ответ сервера на {route} — не JSON-объект.</translation>
    </message>
    <message>
        <source>The server&apos;s answer to {route} is not JSON.</source>
        <translation>Ответ сервера на {route} — не JSON.</translation>
    </message>
    <message>
        <source>The secure connection to {url} failed ({reason}).</source>
        <translation>Не удалось установить защищённое соединение с {url} ({reason}).</translation>
    </message>
    <message>
        <source>{url} did not answer within {seconds} s.</source>
        <translation>{url} не ответил за {seconds} с.</translation>
    </message>
    <message>
        <source>Nothing is listening at {url} (connection refused).</source>
        <translation>По адресу {url} никто не отвечает (в соединении отказано).</translation>
    </message>
    <message>
        <source>The name {host} cannot be found.</source>
        <translation>Имя {host} не найдено.</translation>
    </message>
    <message>
        <source>{url} closed the connection ({name}).</source>
        <translation>{url} закрыл соединение ({name}).</translation>
    </message>
    <message>
        <source>{url} closed the connection.</source>
        <translation>{url} закрыл соединение.</translation>
    </message>
    <message>
        <source>The connection to {url} was closed.</source>
        <translation>Соединение с {url} закрыто.</translation>
    </message>
    <message>
        <source>{url} cannot be reached ({reason}).</source>
        <translation>{url} недоступен ({reason}).</translation>
    </message>
    <message>
        <source>{url} sent something Hearth cannot read ({name}).</source>
        <translation>{url} прислал ответ, который Hearth не может прочитать ({name}).</translation>
    </message>
    <message>
        <source>{url} stopped sending in the middle of the reply.</source>
        <translation>{url} замолчал посреди ответа.</translation>
    </message>
    <message>
        <source>{url} ended the reply without finishing it.</source>
        <translation>{url} оборвал ответ, не закончив его.</translation>
    </message>
    <message>
        <source>{url} ended the reply before it was finished.</source>
        <translation>{url} оборвал ответ раньше времени.</translation>
    </message>
    <message>
        <source>The server has no model named {name}; it has {models}.</source>
        <translation>На сервере нет модели {name}; есть: {models}.</translation>
    </message>
    <message>
        <source>The server&apos;s context is {n} tokens; Hearth needs at least {needed}.</source>
        <translation>Контекст сервера — {n} токенов, а Hearth нужно не меньше {needed}.</translation>
    </message>
    <message>
        <source>Hearth&apos;s context size is set to {n} tokens; it needs at least {needed}.</source>
        <translation>В Hearth задан размер контекста {n} токенов; нужно не меньше {needed}.</translation>
    </message>
    <message>
        <source>Set the context size to {n} tokens or more.</source>
        <translation>Задайте размер контекста не меньше {n} токенов.</translation>
    </message>
    <message>
        <source>{text} is not an http:// or https:// address.</source>
        <translation>{text} — не адрес http:// или https://.</translation>
    </message>
    <message>
        <source>The port in {text} is not a number from 1 to 65535.</source>
        <translation>Порт в {text} — не число от 1 до 65535.</translation>
    </message>
    <message>
        <source>{host} is not on this computer or the home network, and the address is plain http: the diary&apos;s prompts would cross the internet unencrypted.</source>
        <translation>{host} находится не на этом компьютере и не в домашней сети, а адрес — обычный http: запросы дневника шли бы через интернет без шифрования.</translation>
    </message>
    <message>
        <source>{host} is outside this computer and the home network; Hearth sends it nothing until you confirm.</source>
        <translation>{host} находится за пределами этого компьютера и домашней сети; Hearth ничего туда не отправит, пока вы не подтвердите.</translation>
    </message>
    <message>
        <source>The model&apos;s context ({n} tokens) has no room for a message after the {reserve}-token reply reserve and the instructions.</source>
        <translation>В контексте модели ({n} токенов) не остаётся места для сообщения после резерва на ответ ({reserve} токенов) и инструкций.</translation>
    </message>
    <message>
        <source>{path} is not a folder.</source>
        <translation>{path} — не папка.</translation>
    </message>
    <message>
        <source>{path} is a home folder; Hearth keeps its diary in a folder of its own.</source>
        <translation>{path} — домашняя папка; Hearth хранит дневник в отдельной папке.</translation>
    </message>
    <message>
        <source>{path} is a shared folder (it has the sticky bit), not a private one.</source>
        <translation>{path} — общая папка (у неё установлен sticky-бит), а не личная.</translation>
    </message>
    <message>
        <source>{path} holds other things than a Hearth diary; Hearth leaves it alone.</source>
        <translation>В {path} лежит не только дневник Hearth; Hearth её не трогает.</translation>
    </message>
</context>
<context>
    <name>Export</name>
    <message>
        <source>You</source>
        <translation>Вы</translation>
    </message>
    <message>
        <source>Hearth</source>
        <translation>Hearth</translation>
    </message>
    <message>
        <source>Week {scope} ({first} – {last})</source>
        <translation>Неделя {scope} ({first} – {last})</translation>
    </message>
    <message>
        <source>Highlights</source>
        <translation>Главное</translation>
    </message>
    <message>
        <source>No weekly digest yet.</source>
        <translation>Обзора недели пока нет.</translation>
    </message>
    <message>
        <source>People and places</source>
        <translation>Люди и места</translation>
    </message>
    <message>
        <source>{name} ×{n}</source>
        <translation>{name} ×{n}</translation>
    </message>
    <message>
        <source>No one was named this week.</source>
        <translation>На этой неделе никто не упоминался.</translation>
    </message>
    <message>
        <source>Mood</source>
        <translation>Настроение</translation>
    </message>
    <message>
        <source>No mood set this week.</source>
        <translation>На этой неделе настроение не отмечено.</translation>
    </message>
    <message>
        <source>Entries</source>
        <translation>Записи</translation>
    </message>
    <message>
        <source>Nothing was written this week.</source>
        <translation>На этой неделе записей нет.</translation>
    </message>
    <message>
        <source>{n} words</source>
        <translation>слов: {n}</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Экспорт</translation>
    </message>
    <message>
        <source>Include Hearth&apos;s replies?</source>
        <translation>Включить ответы Hearth?</translation>
    </message>
    <message>
        <source>With Hearth&apos;s replies</source>
        <translation>С ответами Hearth</translation>
    </message>
    <message>
        <source>Only my entries</source>
        <translation>Только мои записи</translation>
    </message>
    <message>
        <source>Markdown (*.md);;PDF (*.pdf)</source>
        <translation>Markdown (*.md);;PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Print</source>
        <translation>Печать</translation>
    </message>
    <message>
        <source>Hearth diary</source>
        <translation>Дневник Hearth</translation>
    </message>
</context>
<context>
    <name>FactDelegate</name>
    <message>
        <source>Kind</source>
        <translation>Вид</translation>
    </message>
    <message>
        <source>Importance, 1 to 5</source>
        <translation>Важность, от 1 до 5</translation>
    </message>
</context>
<context>
    <name>FactKinds</name>
    <message>
        <source>person</source>
        <translation>человек</translation>
    </message>
    <message>
        <source>pet</source>
        <translation>питомец</translation>
    </message>
    <message>
        <source>project</source>
        <translation>дело</translation>
    </message>
    <message>
        <source>preference</source>
        <translation>предпочтение</translation>
    </message>
    <message>
        <source>habit</source>
        <translation>привычка</translation>
    </message>
    <message>
        <source>health</source>
        <translation>здоровье</translation>
    </message>
    <message>
        <source>place</source>
        <translation>место</translation>
    </message>
    <message>
        <source>reminder</source>
        <translation>напоминание</translation>
    </message>
    <message>
        <source>other</source>
        <translation>другое</translation>
    </message>
</context>
<context>
    <name>FactsTableModel</name>
    <message>
        <source>Pin</source>
        <translation>Закреп.</translation>
    </message>
    <message>
        <source>Fact</source>
        <translation>Факт</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Вид</translation>
    </message>
    <message>
        <source>Importance</source>
        <translation>Важность</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Источник</translation>
    </message>
    <message>
        <source>In prompt</source>
        <translation>В запросе</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Откуда</translation>
    </message>
    <message>
        <source>Updated</source>
        <translation>Изменено</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Вы</translation>
    </message>
    <message>
        <source>Automatic</source>
        <translation>Автоматически</translation>
    </message>
    <message>
        <source>Show message</source>
        <translation>Показать сообщение</translation>
    </message>
    <message>
        <source>Included in the next prompt</source>
        <translation>Войдёт в следующий запрос</translation>
    </message>
    <message>
        <source>Not in the next prompt (only the most important facts fit)</source>
        <translation>Не войдёт в следующий запрос (помещаются только самые важные факты)</translation>
    </message>
    <message>
        <source>Open the message this was learned from</source>
        <translation>Открыть сообщение, из которого это узнано</translation>
    </message>
    <message>
        <source>Added by you</source>
        <translation>Добавлено вами</translation>
    </message>
    <message>
        <source>You added this</source>
        <translation>Это добавили вы</translation>
    </message>
    <message>
        <source>The companion noticed this in your diary</source>
        <translation>Собеседник заметил это в вашем дневнике</translation>
    </message>
    <message>
        <source>Noticed by the companion</source>
        <translation>Замечено собеседником</translation>
    </message>
    <message>
        <source>updated {when}</source>
        <translation>изменено {when}</translation>
    </message>
    <message>
        <source>Pinned</source>
        <translation>Закреплено</translation>
    </message>
    <message>
        <source>Not pinned</source>
        <translation>Не закреплено</translation>
    </message>
    <message>
        <source>Importance {n} of 5</source>
        <translation>Важность {n} из 5</translation>
    </message>
    <message>
        <source>In the next prompt</source>
        <translation>В следующем запросе</translation>
    </message>
    <message>
        <source>Not in the next prompt</source>
        <translation>Не в следующем запросе</translation>
    </message>
</context>
<context>
    <name>FirstRunCard</name>
    <message>
        <source>Get the recommended model</source>
        <translation>Скачайте рекомендованную модель</translation>
    </message>
    <message>
        <source>Download the recommended model</source>
        <translation>Скачать рекомендованную модель</translation>
    </message>
    <message>
        <source>Hearth is running on its small built-in model: it works offline right away, but its replies are simple.</source>
        <translation>Hearth работает на маленькой встроенной модели: она сразу работает без сети, но отвечает просто.</translation>
    </message>
    <message>
        <source>Hearth has no model yet.</source>
        <translation>У Hearth пока нет модели.</translation>
    </message>
    <message>
        <source>{title} writes much better replies and remembers more. It downloads once ({size}) and then works offline; nothing else ever leaves this computer.</source>
        <translation>{title} отвечает гораздо лучше и больше помнит. Она скачивается один раз ({size}) и дальше работает без сети; больше ничто не покидает этот компьютер.</translation>
    </message>
    <message>
        <source>Download {model}</source>
        <translation>Скачать {model}</translation>
    </message>
</context>
<context>
    <name>HearthApp</name>
    <message>
        <source>Loading the model…</source>
        <translation>Загружаю модель…</translation>
    </message>
    <message>
        <source>Your latest backup ({name}, {made}) can be restored.</source>
        <translation>Последнюю резервную копию ({name}, {made}) можно восстановить.</translation>
    </message>
    <message>
        <source>Restore backup</source>
        <translation>Восстановить копию</translation>
    </message>
    <message>
        <source>The backup made on {made} may hold what is missing; restoring it backs up the diary as it is now first.</source>
        <translation>Недостающее может найтись в резервной копии от {made}; перед её восстановлением дневник в нынешнем виде тоже будет сохранён в резервную копию.</translation>
    </message>
    <message>
        <source>Your diary is empty, but a backup made on {made} holds {entries}. If you did not mean to start over, restore it.</source>
        <translation>Дневник пуст, но в резервной копии от {made} — {entries}. Если вы не собирались начинать заново, восстановите её.</translation>
    </message>
    <message>
        <source>Restoring the backup…</source>
        <translation>Восстанавливаю резервную копию…</translation>
    </message>
    <message>
        <source>Hearth is using its small built-in model for now.</source>
        <translation>Пока Hearth работает на маленькой встроенной модели.</translation>
    </message>
    <message>
        <source>Hearth could not start — see the message.</source>
        <translation>Hearth не смог запуститься — см. сообщение.</translation>
    </message>
    <message>
        <source>Restore backup {name}</source>
        <translation>Восстановить копию {name}</translation>
    </message>
    <message>
        <source>Restore the latest backup</source>
        <translation>Восстановить последнюю резервную копию</translation>
    </message>
    <message>
        <source>That passphrase does not open the backup.</source>
        <translation>Эта парольная фраза не открывает резервную копию.</translation>
    </message>
    <message>
        <source>The chosen model could not be used</source>
        <translation>Не удалось использовать выбранную модель</translation>
    </message>
    <message>
        <source>Pick another model file or download the recommended one in the model manager (Ctrl+Shift+M).</source>
        <translation>Выберите другой файл модели или скачайте рекомендованную в менеджере моделей (Ctrl+Shift+M).</translation>
    </message>
    <message>
        <source>The search index was damaged and has been rebuilt from your entries. Nothing was lost.</source>
        <translation>Поисковый индекс был повреждён и заново собран из ваших записей. Ничего не потеряно.</translation>
    </message>
</context>
<context>
    <name>IndexStatusLabel</name>
    <message>
        <source>Recall index</source>
        <translation>Индекс воспоминаний</translation>
    </message>
    <message>
        <source>Recall by meaning is off</source>
        <translation>Поиск по смыслу выключен</translation>
    </message>
    <message>
        <source>Recall still finds entries by their words.</source>
        <translation>Записи по-прежнему находятся по словам.</translation>
    </message>
    <message>
        <source>Indexing your diary for recall… {indexed} of {total}</source>
        <translation>Hearth запоминает смысл записей… {indexed} из {total}</translation>
    </message>
    <message>
        <source>Hearth is learning what your entries mean, so it can find them by meaning.</source>
        <translation>Hearth разбирает, о чём ваши записи, чтобы находить их по смыслу.</translation>
    </message>
</context>
<context>
    <name>InsightsDialog</name>
    <message>
        <source>Insights</source>
        <translation>Обзор</translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation>Последние 30 дней</translation>
    </message>
    <message>
        <source>Last 90 days</source>
        <translation>Последние 90 дней</translation>
    </message>
    <message>
        <source>Last year</source>
        <translation>Последний год</translation>
    </message>
    <message>
        <source>Period</source>
        <translation>Период</translation>
    </message>
    <message>
        <source>Mood over time</source>
        <translation>Настроение по дням</translation>
    </message>
    <message>
        <source>No moods yet: choose one in a day&apos;s header.</source>
        <translation>Настроение ещё не отмечено: выберите его в заголовке дня.</translation>
    </message>
    <message>
        <source>Words per day</source>
        <translation>Слов в день</translation>
    </message>
    <message>
        <source>Nothing written in this period yet.</source>
        <translation>За этот период записей пока нет.</translation>
    </message>
    <message>
        <source>People you mention most, and when</source>
        <translation>О ком вы пишете чаще всего и когда</translation>
    </message>
    <message>
        <source>No people yet: they come from &quot;Memory about you&quot;.</source>
        <translation>Людей пока нет: они берутся из «Памяти о вас».</translation>
    </message>
    <message>
        <source>Save as PNG…</source>
        <translation>Сохранить как PNG…</translation>
    </message>
    <message>
        <source>Save “{chart}” as a PNG image</source>
        <translation>Сохранить «{chart}» как изображение PNG</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Закрыть</translation>
    </message>
    <message>
        <source>{days} written, {words} in all · streak {current}, longest {longest}</source>
        <translation>С записями: {days}, всего {words} · подряд: {current}, рекорд: {longest}</translation>
    </message>
    <message>
        <source>Save chart</source>
        <translation>Сохранить график</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>Изображение PNG (*.png)</translation>
    </message>
    <message>
        <source>The chart was not saved</source>
        <translation>График не сохранён</translation>
    </message>
    <message>
        <source>That file could not be written.</source>
        <translation>Не удалось записать этот файл.</translation>
    </message>
    <message>
        <source>Choose another folder.</source>
        <translation>Выберите другую папку.</translation>
    </message>
</context>
<context>
    <name>LockController</name>
    <message>
        <source>The diary is not open.</source>
        <translation>Дневник не открыт.</translation>
    </message>
</context>
<context>
    <name>LookBackController</name>
    <message>
        <source>Nothing was written on that day.</source>
        <translation>В этот день записей нет.</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Memory about you</source>
        <translation>Память о вас</translation>
    </message>
    <message>
        <source>Opening your diary…</source>
        <translation>Открываю ваш дневник…</translation>
    </message>
    <message>
        <source>SmolLM2-135M-Instruct (bundled tiny model)</source>
        <translation>SmolLM2-135M-Instruct (встроенная маленькая модель)</translation>
    </message>
    <message>
        <source>Current model</source>
        <translation>Текущая модель</translation>
    </message>
    <message>
        <source>The diary is locked.</source>
        <translation>Дневник заперт.</translation>
    </message>
    <message>
        <source>A reply is still being written — wait for it or press Stop (Esc).</source>
        <translation>Ответ ещё пишется — дождитесь его или нажмите «Стоп» (Esc).</translation>
    </message>
    <message>
        <source>Your text is still here.</source>
        <translation>Ваш текст никуда не делся.</translation>
    </message>
    <message>
        <source>Loading the model…</source>
        <translation>Загружаю модель…</translation>
    </message>
    <message>
        <source>Hearth needs your attention</source>
        <translation>Hearth просит внимания</translation>
    </message>
    <message>
        <source>You&apos;re using the small built-in model, so Hearth works right away and offline. For warmer, wiser replies, download the recommended model.</source>
        <translation>Сейчас работает маленькая встроенная модель — поэтому Hearth готов сразу и без сети. Чтобы ответы были теплее и мудрее, скачайте рекомендованную модель.</translation>
    </message>
    <message>
        <source>Download recommended model…</source>
        <translation>Скачать рекомендованную модель…</translation>
    </message>
    <message>
        <source>Your entry is not saved yet</source>
        <translation>Запись ещё не сохранена</translation>
    </message>
    <message>
        <source>What you have written is not in your diary yet.</source>
        <translation>То, что вы написали, ещё не в дневнике.</translation>
    </message>
    <message>
        <source>Hearth could not keep it for next time. Save it to the diary as an entry before closing? Hearth answers it only if you ask.</source>
        <translation>Hearth не смог сохранить его до следующего раза. Сохранить его в дневник как запись перед закрытием? Hearth ответит на неё, только если вы попросите.</translation>
    </message>
    <message>
        <source>Save to diary</source>
        <translation>Сохранить в дневник</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>Не сохранять</translation>
    </message>
    <message>
        <source>&amp;Today</source>
        <translation>&amp;Сегодня</translation>
    </message>
    <message>
        <source>Open today&apos;s page</source>
        <translation>Открыть страницу сегодняшнего дня</translation>
    </message>
    <message>
        <source>&amp;Search…</source>
        <translation>&amp;Поиск…</translation>
    </message>
    <message>
        <source>&amp;Write</source>
        <translation>&amp;Написать</translation>
    </message>
    <message>
        <source>Focus the message box</source>
        <translation>Перейти к полю сообщения</translation>
    </message>
    <message>
        <source>S&amp;ettings…</source>
        <translation>Н&amp;астройки…</translation>
    </message>
    <message>
        <source>&amp;Lock diary</source>
        <translation>&amp;Запереть дневник</translation>
    </message>
    <message>
        <source>Hide the diary until its passphrase is entered again</source>
        <translation>Скрыть дневник, пока снова не введена парольная фраза</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Выход</translation>
    </message>
    <message>
        <source>&amp;Send</source>
        <translation>О&amp;тправить</translation>
    </message>
    <message>
        <source>S&amp;top reply</source>
        <translation>О&amp;становить ответ</translation>
    </message>
    <message>
        <source>&amp;Regenerate reply</source>
        <translation>&amp;Ответить заново</translation>
    </message>
    <message>
        <source>&amp;Print day…</source>
        <translation>&amp;Напечатать день…</translation>
    </message>
    <message>
        <source>Print the day shown, with or without Hearth&apos;s replies</source>
        <translation>Напечатать открытый день — с ответами Hearth или без них</translation>
    </message>
    <message>
        <source>&amp;Models…</source>
        <translation>&amp;Модели…</translation>
    </message>
    <message>
        <source>&amp;Delete entry…</source>
        <translation>&amp;Удалить запись…</translation>
    </message>
    <message>
        <source>Delete the selected entry for good</source>
        <translation>Удалить выбранную запись навсегда</translation>
    </message>
    <message>
        <source>&amp;Memory about you</source>
        <translation>&amp;Память о вас</translation>
    </message>
    <message>
        <source>&amp;Diary</source>
        <translation>&amp;Дневник</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Правка</translation>
    </message>
    <message>
        <source>&amp;Conversation</source>
        <translation>&amp;Разговор</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Вид</translation>
    </message>
    <message>
        <source>&amp;Model</source>
        <translation>&amp;Модель</translation>
    </message>
    <message>
        <source>&amp;Ask Hearth</source>
        <translation>&amp;Спросить Hearth</translation>
    </message>
    <message>
        <source>Hearth answers the entry you wrote in write mode</source>
        <translation>Hearth ответит на запись, сделанную в режиме «Писать»</translation>
    </message>
    <message>
        <source>Go &amp;deeper</source>
        <translation>&amp;Глубже</translation>
    </message>
    <message>
        <source>One reflective question about your last entry</source>
        <translation>Один вопрос, чтобы глубже взглянуть на последнюю запись</translation>
    </message>
    <message>
        <source>&amp;Insights…</source>
        <translation>&amp;Обзор…</translation>
    </message>
    <message>
        <source>Mood, words and people over time</source>
        <translation>Настроение, слова и люди во времени</translation>
    </message>
    <message>
        <source>&amp;Weekly review…</source>
        <translation>Обзор &amp;недели…</translation>
    </message>
    <message>
        <source>The week&apos;s review</source>
        <translation>Обзор недели</translation>
    </message>
    <message>
        <source>E&amp;xport day…</source>
        <translation>&amp;Экспорт дня…</translation>
    </message>
    <message>
        <source>Save the day shown as Markdown or PDF</source>
        <translation>Сохранить открытый день как Markdown или PDF</translation>
    </message>
</context>
<context>
    <name>MemoryPanel</name>
    <message>
        <source>Delete this fact?</source>
        <translation>Удалить этот факт?</translation>
    </message>
    <message>
        <source>It will be gone for good: Hearth removes it and every earlier version of it, and will not learn it again from your diary.</source>
        <translation>Он исчезнет навсегда: Hearth удалит его вместе со всеми прежними версиями и больше не станет узнавать его из вашего дневника.</translation>
    </message>
    <message>
        <source>Memory about you</source>
        <translation>Память о вас</translation>
    </message>
    <message>
        <source>&lt;b&gt;Memory about you&lt;/b&gt; — what Hearth knows. Correct it, pin it, or delete it.</source>
        <translation>&lt;b&gt;Память о вас&lt;/b&gt; — то, что знает Hearth. Исправляйте, закрепляйте или удаляйте.</translation>
    </message>
    <message>
        <source>Filter (Ctrl+F): words in a fact, a kind…</source>
        <translation>Фильтр (Ctrl+F): слова из факта, вид…</translation>
    </message>
    <message>
        <source>Filter facts</source>
        <translation>Фильтр фактов</translation>
    </message>
    <message>
        <source>Something Hearth should remember — who&apos;s who too: “Nora is my sister” (Ctrl+N)</source>
        <translation>Что Hearth стоит запомнить — и кто есть кто: «Нора — моя сестра» (Ctrl+N)</translation>
    </message>
    <message>
        <source>A fact to remember, like “Nora is my sister” (Ctrl+N)</source>
        <translation>Факт для памяти, например «Нора — моя сестра» (Ctrl+N)</translation>
    </message>
    <message>
        <source>&amp;Pin</source>
        <translation>&amp;Закрепить</translation>
    </message>
    <message>
        <source>Pin or unpin the selected fact</source>
        <translation>Закрепить или открепить выбранный факт</translation>
    </message>
    <message>
        <source>Show &amp;message</source>
        <translation>Показать &amp;сообщение</translation>
    </message>
    <message>
        <source>Open the diary message this came from</source>
        <translation>Открыть запись дневника, откуда это взято</translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation>&amp;Удалить…</translation>
    </message>
    <message>
        <source>Delete the selected fact for good</source>
        <translation>Удалить выбранный факт навсегда</translation>
    </message>
    <message>
        <source>Start a fact about who this is in the field below</source>
        <translation>Начать факт о том, кто это, в поле ниже</translation>
    </message>
    <message>
        <source>Ask again</source>
        <translation>Спросить снова</translation>
    </message>
    <message>
        <source>Ask who they are again</source>
        <translation>Снова спросить, кто это</translation>
    </message>
    <message>
        <source>Your entries name {name} but never say who they are. A fact such as “{example}” lets Hearth find them when you ask about your friend.</source>
        <translation>В записях есть {name}, но нигде не сказано, кто это. Факт вроде «{example}» поможет Hearth найти эти записи, когда вы спросите о друге.</translation>
    </message>
    <message>
        <source>friend</source>
        <translation>друг</translation>
    </message>
    <message>
        <source>Facts</source>
        <translation>Факты</translation>
    </message>
    <message>
        <source>New fact</source>
        <translation>Новый факт</translation>
    </message>
    <message>
        <source>Kind of the new fact</source>
        <translation>Вид нового факта</translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation>&amp;Добавить</translation>
    </message>
    <message>
        <source>Add this fact</source>
        <translation>Добавить этот факт</translation>
    </message>
    <message>
        <source>Say who…</source>
        <translation>Сказать кто…</translation>
    </message>
    <message>
        <source>Not now</source>
        <translation>Не сейчас</translation>
    </message>
    <message>
        <source>Ask about someone else</source>
        <translation>Спросить о ком-нибудь другом</translation>
    </message>
    <message>
        <source>Who is {name}? ({entries})</source>
        <translation>Кто это — {name}? ({entries})</translation>
    </message>
    <message>
        <source>Put off for now: {names}</source>
        <translation>Отложено: {names}</translation>
    </message>
    <message>
        <source>You said “Not now” when asked who they are. Hearth will not ask again until you say so.</source>
        <translation>Вы ответили «Не сейчас» на вопрос, кто это. Hearth не спросит снова, пока вы не попросите.</translation>
    </message>
    <message>
        <source>{name} is my </source>
        <translation>{name} — </translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Изменить</translation>
    </message>
    <message>
        <source>Pin / unpin</source>
        <translation>Закрепить / открепить</translation>
    </message>
    <message>
        <source>Show message</source>
        <translation>Показать сообщение</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>Удалить…</translation>
    </message>
    <message>
        <source>Un&amp;pin</source>
        <translation>&amp;Открепить</translation>
    </message>
</context>
<context>
    <name>ModeSwitch</name>
    <message>
        <source>Talk</source>
        <translation>Беседа</translation>
    </message>
    <message>
        <source>Hearth answers each entry</source>
        <translation>Hearth отвечает на каждую запись</translation>
    </message>
    <message>
        <source>Write</source>
        <translation>Писать</translation>
    </message>
    <message>
        <source>A roomy page for a long entry; Hearth stays silent until you ask</source>
        <translation>Просторная страница для длинной записи; Hearth молчит, пока вы не спросите</translation>
    </message>
    <message>
        <source>Writing mode</source>
        <translation>Режим письма</translation>
    </message>
</context>
<context>
    <name>ModelDownload</name>
    <message>
        <source>about {hours} h {minutes} min left</source>
        <translation>осталось около {hours} ч {minutes} мин</translation>
    </message>
    <message>
        <source>{done} of {total}</source>
        <translation>{done} из {total}</translation>
    </message>
    <message>
        <source>{size}/s</source>
        <translation>{size}/с</translation>
    </message>
</context>
<context>
    <name>ModelManager</name>
    <message>
        <source>recommended</source>
        <translation>рекомендуется</translation>
    </message>
    <message>
        <source>Licence: {licence}</source>
        <translation>Лицензия: {licence}</translation>
    </message>
    <message>
        <source>{n}B parameters</source>
        <translation>{n} млрд параметров</translation>
    </message>
    <message>
        <source>{n}M parameters</source>
        <translation>{n} млн параметров</translation>
    </message>
    <message>
        <source>context {n} tokens</source>
        <translation>контекст {n} токенов</translation>
    </message>
    <message>
        <source>(trained for {n})</source>
        <translation>(обучена на {n})</translation>
    </message>
    <message>
        <source>{n} tokens/s</source>
        <translation>{n} токенов/с</translation>
    </message>
    <message>
        <source>speed shown after the first reply</source>
        <translation>скорость появится после первого ответа</translation>
    </message>
</context>
<context>
    <name>ModelManagerDialog</name>
    <message>
        <source>Models — Hearth</source>
        <translation>Модели — Hearth</translation>
    </message>
    <message>
        <source>Download a model</source>
        <translation>Скачать модель</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Модель</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Размер</translation>
    </message>
    <message>
        <source>Languages</source>
        <translation>Языки</translation>
    </message>
    <message>
        <source>On this computer</source>
        <translation>На этом компьютере</translation>
    </message>
    <message>
        <source>Model catalog</source>
        <translation>Каталог моделей</translation>
    </message>
    <message>
        <source>Download progress</source>
        <translation>Ход скачивания</translation>
    </message>
    <message>
        <source>&amp;Download</source>
        <translation>&amp;Скачать</translation>
    </message>
    <message>
        <source>Download the selected model</source>
        <translation>Скачать выбранную модель</translation>
    </message>
    <message>
        <source>&amp;Cancel download</source>
        <translation>&amp;Отменить скачивание</translation>
    </message>
    <message>
        <source>Cancel the download</source>
        <translation>Отменить скачивание</translation>
    </message>
    <message>
        <source>&amp;Use this model</source>
        <translation>&amp;Использовать эту модель</translation>
    </message>
    <message>
        <source>Load the selected downloaded model</source>
        <translation>Загрузить выбранную скачанную модель</translation>
    </message>
    <message>
        <source>Choose a .&amp;gguf file…</source>
        <translation>Выбрать файл .&amp;gguf…</translation>
    </message>
    <message>
        <source>Use a model file from this computer</source>
        <translation>Взять файл модели с этого компьютера</translation>
    </message>
    <message>
        <source>The list of recommended models could not be read ({error}). You can still choose a .gguf file from this computer.</source>
        <translation>Не удалось прочитать список рекомендованных моделей ({error}). Можно выбрать файл .gguf на этом компьютере.</translation>
    </message>
    <message>
        <source>Downloading…</source>
        <translation>Скачивается…</translation>
    </message>
    <message>
        <source>Downloaded</source>
        <translation>Скачана</translation>
    </message>
    <message>
        <source>In use</source>
        <translation>Используется</translation>
    </message>
    <message>
        <source>Paused at {done} of {total}</source>
        <translation>Остановлено на {done} из {total}</translation>
    </message>
    <message>
        <source>Paused at {done}</source>
        <translation>Остановлено на {done}</translation>
    </message>
    <message>
        <source>Not downloaded</source>
        <translation>Не скачана</translation>
    </message>
    <message>
        <source>&amp;Resume download</source>
        <translation>&amp;Продолжить скачивание</translation>
    </message>
    <message>
        <source>Starting the download of {title}…</source>
        <translation>Начинаю скачивать {title}…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Отменяю…</translation>
    </message>
    <message>
        <source>Downloaded and verified: {name}</source>
        <translation>Скачано и проверено: {name}</translation>
    </message>
    <message>
        <source>Paused at {percent}%.</source>
        <translation>Остановлено на {percent}%.</translation>
    </message>
    <message>
        <source>Paused.</source>
        <translation>Остановлено.</translation>
    </message>
    <message>
        <source>Press Resume to continue where it stopped.</source>
        <translation>Нажмите «Продолжить», чтобы докачать с того же места.</translation>
    </message>
    <message>
        <source>The download stopped.</source>
        <translation>Скачивание остановилось.</translation>
    </message>
    <message>
        <source>Choose a model file</source>
        <translation>Выберите файл модели</translation>
    </message>
    <message>
        <source>GGUF models (*.gguf);;All files (*)</source>
        <translation>Модели GGUF (*.gguf);;Все файлы (*)</translation>
    </message>
    <message>
        <source>No model to reload</source>
        <translation>Нечего перезагружать</translation>
    </message>
    <message>
        <source>There is no model loaded yet.</source>
        <translation>Модель ещё не загружена.</translation>
    </message>
    <message>
        <source>Download the recommended model, or choose a .gguf file first.</source>
        <translation>Сначала скачайте рекомендованную модель или выберите файл .gguf.</translation>
    </message>
    <message>
        <source>Loading {title}…</source>
        <translation>Загружаю {title}…</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>Подключаюсь к %1…</translation>
    </message>
    <message>
        <source>Loaded.</source>
        <translation>Загружено.</translation>
    </message>
    <message>
        <source>The model could not be loaded; the previous one keeps running.</source>
        <translation>Модель не загрузилась; продолжает работать прежняя.</translation>
    </message>
</context>
<context>
    <name>ModelSettingsBox</name>
    <message>
        <source>Model settings</source>
        <translation>Настройки модели</translation>
    </message>
    <message>
        <source>Context size in tokens</source>
        <translation>Размер контекста в токенах</translation>
    </message>
    <message>
        <source>How many tokens the model sees at once; 4,096 is what Hearth is tuned for</source>
        <translation>Сколько токенов модель видит за раз; Hearth настроен на 4096</translation>
    </message>
    <message>
        <source>GPU layers</source>
        <translation>Слои на GPU</translation>
    </message>
    <message>
        <source>All layers</source>
        <translation>Все слои</translation>
    </message>
    <message>
        <source>Layers to run on the GPU: 0 = CPU only (works everywhere)</source>
        <translation>Сколько слоёв считать на GPU: 0 — только процессор (работает везде)</translation>
    </message>
    <message>
        <source>CPU threads</source>
        <translation>Потоки процессора</translation>
    </message>
    <message>
        <source>Automatic</source>
        <translation>Автоматически</translation>
    </message>
    <message>
        <source>KV cache type</source>
        <translation>Тип KV-кэша</translation>
    </message>
    <message>
        <source>q8_0 and q4_0 use less memory for the context, at a small cost in quality</source>
        <translation>q8_0 и q4_0 тратят на контекст меньше памяти ценой небольшой потери качества</translation>
    </message>
    <message>
        <source>&amp;Apply and reload</source>
        <translation>&amp;Применить и перезагрузить</translation>
    </message>
    <message>
        <source>Reload the model with these settings</source>
        <translation>Перезагрузить модель с этими настройками</translation>
    </message>
    <message>
        <source>Conte&amp;xt size:</source>
        <translation>Ра&amp;змер контекста:</translation>
    </message>
    <message>
        <source>G&amp;PU layers:</source>
        <translation>Слои на &amp;GPU:</translation>
    </message>
    <message>
        <source>&amp;Threads:</source>
        <translation>&amp;Потоки:</translation>
    </message>
    <message>
        <source>&amp;KV cache:</source>
        <translation>&amp;KV-кэш:</translation>
    </message>
</context>
<context>
    <name>MonthGrid</name>
    <message>
        <source>no entries</source>
        <translation>записей нет</translation>
    </message>
</context>
<context>
    <name>MoodPicker</name>
    <message>
        <source>Mood: very low</source>
        <translation>Настроение: совсем плохое</translation>
    </message>
    <message>
        <source>Mood: low</source>
        <translation>Настроение: неважное</translation>
    </message>
    <message>
        <source>Mood: okay</source>
        <translation>Настроение: нормальное</translation>
    </message>
    <message>
        <source>Mood: good</source>
        <translation>Настроение: хорошее</translation>
    </message>
    <message>
        <source>Mood: very good</source>
        <translation>Настроение: отличное</translation>
    </message>
    <message>
        <source>Your mood for this day: click a dot, 1 (low) to 5 (bright)</source>
        <translation>Настроение за день: нажмите на точку, от 1 (плохо) до 5 (отлично)</translation>
    </message>
    <message>
        <source>Your mood today, 1 to 5 (Delete clears it)</source>
        <translation>Ваше настроение за день, от 1 до 5 (Delete — сбросить)</translation>
    </message>
</context>
<context>
    <name>NoticeBar</name>
    <message>
        <source>Notice</source>
        <translation>Уведомление</translation>
    </message>
    <message>
        <source>Not now</source>
        <translation>Не сейчас</translation>
    </message>
    <message>
        <source>Dismiss the notice</source>
        <translation>Закрыть уведомление</translation>
    </message>
</context>
<context>
    <name>OnThisDayStrip</name>
    <message>
        <source>On this day</source>
        <translation>В этот день</translation>
    </message>
    <message>
        <source>A month ago</source>
        <translation>Месяц назад</translation>
    </message>
    <message>
        <source>Six months ago</source>
        <translation>Полгода назад</translation>
    </message>
    <message>
        <source>A year ago</source>
        <translation>Год назад</translation>
    </message>
    <message>
        <source>1 month</source>
        <translation>Месяц</translation>
    </message>
    <message>
        <source>6 months</source>
        <translation>Полгода</translation>
    </message>
    <message>
        <source>1 year</source>
        <translation>Год</translation>
    </message>
</context>
<context>
    <name>OpeningQuestionCard</name>
    <message>
        <source>A question for today</source>
        <translation>Вопрос на сегодня</translation>
    </message>
    <message>
        <source>Another question</source>
        <translation>Другой вопрос</translation>
    </message>
    <message>
        <source>Show a different question</source>
        <translation>Показать другой вопрос</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>Скрыть</translation>
    </message>
    <message>
        <source>No question today</source>
        <translation>Сегодня без вопроса</translation>
    </message>
    <message>
        <source>Today&apos;s opening question</source>
        <translation>Вопрос для начала дня</translation>
    </message>
</context>
<context>
    <name>PictureController</name>
    <message>
        <source>Attach pictures</source>
        <translation>Прикрепить картинки</translation>
    </message>
    <message>
        <source>Pictures ({patterns})</source>
        <translation>Картинки ({patterns})</translation>
    </message>
    <message>
        <source>Nothing was attached.</source>
        <translation>Ничего не прикреплено.</translation>
    </message>
    <message>
        <source>Pictures are kept, but their text cannot be read yet: Tesseract is not installed. Install it with: {command}</source>
        <translation>Картинки сохранены, но текст на них пока не прочитать: не установлен Tesseract. Установите его командой: {command}</translation>
    </message>
</context>
<context>
    <name>PictureViewer</name>
    <message>
        <source>Picture</source>
        <translation>Картинка</translation>
    </message>
    <message>
        <source>The original was removed as the setting for keeping originals says; this is its thumbnail. Its text stays.</source>
        <translation>Оригинал удалён, как велит настройка хранения оригиналов; это его миниатюра. Текст с картинки остаётся.</translation>
    </message>
</context>
<context>
    <name>Pictures</name>
    <message>
        <source>Text in this picture</source>
        <translation>Текст на картинке</translation>
    </message>
    <message>
        <source>Reading the text in this picture…</source>
        <translation>Читаю текст на картинке…</translation>
    </message>
    <message>
        <source>Its text will be read once Tesseract is installed.</source>
        <translation>Текст прочитается, когда будет установлен Tesseract.</translation>
    </message>
    <message>
        <source>The text in this picture could not be read.</source>
        <translation>Текст на этой картинке прочитать не удалось.</translation>
    </message>
    <message>
        <source>No text was found in this picture.</source>
        <translation>На этой картинке текста не нашлось.</translation>
    </message>
    <message>
        <source>Hearth reads the text in your pictures (and their names and dates), not the pictures.</source>
        <translation>Hearth читает текст на ваших картинках (и их названия и даты), а не сами картинки.</translation>
    </message>
</context>
<context>
    <name>PicturesGroup</name>
    <message>
        <source>forever</source>
        <translation>всегда</translation>
    </message>
    <message>
        <source>1 year</source>
        <translation>1 год</translation>
    </message>
    <message>
        <source>90 days</source>
        <translation>90 дней</translation>
    </message>
    <message>
        <source>30 days</source>
        <translation>30 дней</translation>
    </message>
    <message>
        <source>Pictures</source>
        <translation>Картинки</translation>
    </message>
    <message>
        <source>&amp;Keep original pictures for:</source>
        <translation>&amp;Хранить оригиналы картинок:</translation>
    </message>
    <message>
        <source>{n} days</source>
        <translation>{n} дн.</translation>
    </message>
    <message>
        <source>Keep original pictures for</source>
        <translation>Сколько хранить оригиналы картинок</translation>
    </message>
    <message>
        <source>Keep &amp;where photos were taken (location in the photo&apos;s data)</source>
        <translation>Сохранять, &amp;где сделаны фото (место в данных снимка)</translation>
    </message>
    <message>
        <source>After that time only originals whose text was read are deleted; the thumbnail and the text stay, so search and the companion still find them.</source>
        <translation>По истечении срока удаляются только оригиналы, текст с которых уже прочитан; миниатюра и текст остаются, так что поиск и собеседник их по-прежнему находят.</translation>
    </message>
    <message>
        <source>&amp;Storage…</source>
        <translation>&amp;Место на диске…</translation>
    </message>
    <message>
        <source>Space used by each level of memory</source>
        <translation>Сколько места занимает каждый уровень памяти</translation>
    </message>
</context>
<context>
    <name>Plurals</name>
    <message numerus="yes">
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n совпадение</numerusform>
            <numerusform>%n совпадения</numerusform>
            <numerusform>%n совпадений</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n fact(s)</source>
        <translation>
            <numerusform>%n факт</numerusform>
            <numerusform>%n факта</numerusform>
            <numerusform>%n фактов</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n shown</source>
        <translation>
            <numerusform>показан %n</numerusform>
            <numerusform>показано %n</numerusform>
            <numerusform>показано %n</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n in the next prompt</source>
        <translation>
            <numerusform>%n в следующем запросе</numerusform>
            <numerusform>%n в следующем запросе</numerusform>
            <numerusform>%n в следующем запросе</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n token(s)</source>
        <translation>
            <numerusform>%n токен</numerusform>
            <numerusform>%n токена</numerusform>
            <numerusform>%n токенов</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Remembered %n thing(s):</source>
        <translation>
            <numerusform>Запомнена %n вещь:</numerusform>
            <numerusform>Запомнены %n вещи:</numerusform>
            <numerusform>Запомнено %n вещей:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n older message(s) left out of this prompt.</source>
        <translation>
            <numerusform>%n раннее сообщение не вошло в этот запрос.</numerusform>
            <numerusform>%n ранних сообщения не вошли в этот запрос.</numerusform>
            <numerusform>%n ранних сообщений не вошло в этот запрос.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(+%n more)</source>
        <translation>
            <numerusform>(и ещё %n)</numerusform>
            <numerusform>(и ещё %n)</numerusform>
            <numerusform>(и ещё %n)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n entry(-ies)</source>
        <translation>
            <numerusform>%n запись</numerusform>
            <numerusform>%n записи</numerusform>
            <numerusform>%n записей</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Remembered %n entry(-ies)</source>
        <translation>
            <numerusform>Вспомнил %n запись</numerusform>
            <numerusform>Вспомнил %n записи</numerusform>
            <numerusform>Вспомнил %n записей</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>about %n s left</source>
        <translation>
            <numerusform>осталось около %n секунды</numerusform>
            <numerusform>осталось около %n секунд</numerusform>
            <numerusform>осталось около %n секунд</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>about %n min left</source>
        <translation>
            <numerusform>осталось около %n минуты</numerusform>
            <numerusform>осталось около %n минут</numerusform>
            <numerusform>осталось около %n минут</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PrivacyGroup</name>
    <message>
        <source>Privacy</source>
        <translation>Приватность</translation>
    </message>
    <message>
        <source>The diary is encrypted with a passphrase.</source>
        <translation>Дневник зашифрован парольной фразой.</translation>
    </message>
    <message>
        <source>The diary is not encrypted.</source>
        <translation>Дневник не зашифрован.</translation>
    </message>
    <message>
        <source>&amp;Encrypt with a passphrase…</source>
        <translation>&amp;Зашифровать парольной фразой…</translation>
    </message>
    <message>
        <source>C&amp;hange passphrase…</source>
        <translation>С&amp;менить парольную фразу…</translation>
    </message>
    <message>
        <source>&amp;Decrypt…</source>
        <translation>&amp;Расшифровать…</translation>
    </message>
    <message>
        <source>never</source>
        <translation>никогда</translation>
    </message>
    <message>
        <source> min</source>
        <translation> мин</translation>
    </message>
    <message>
        <source>Lock after idle minutes</source>
        <translation>Запирать после минут простоя</translation>
    </message>
    <message>
        <source>&amp;Lock when idle for:</source>
        <translation>&amp;Запирать при простое:</translation>
    </message>
</context>
<context>
    <name>Remembered</name>
    <message>
        <source>undated</source>
        <translation>без даты</translation>
    </message>
    <message>
        <source>you</source>
        <translation>вы</translation>
    </message>
    <message>
        <source>Hearth</source>
        <translation>Hearth</translation>
    </message>
    <message>
        <source>What Hearth was given from your diary for this reply</source>
        <translation>Что Hearth взял из вашего дневника для этого ответа</translation>
    </message>
</context>
<context>
    <name>RememberedNotice</name>
    <message>
        <source>Remembered notice</source>
        <translation>Уведомление о запомненном</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Отменить</translation>
    </message>
    <message>
        <source>Undo: forget what was just remembered</source>
        <translation>Отменить: забыть только что запомненное</translation>
    </message>
    <message>
        <source>Close the notice</source>
        <translation>Закрыть уведомление</translation>
    </message>
    <message>
        <source>Updated:</source>
        <translation>Обновлено:</translation>
    </message>
    <message>
        <source>Remembered:</source>
        <translation>Запомнено:</translation>
    </message>
    <message>
        <source>Undoing…</source>
        <translation>Отменяю…</translation>
    </message>
</context>
<context>
    <name>ReminderGroup</name>
    <message>
        <source>Daily reminder</source>
        <translation>Ежедневное напоминание</translation>
    </message>
    <message>
        <source>Remind me to write each day (a notification from the tray)</source>
        <translation>Напоминать о записи каждый день (уведомление из трея)</translation>
    </message>
    <message>
        <source>At:</source>
        <translation>В:</translation>
    </message>
    <message>
        <source>Reminder time</source>
        <translation>Время напоминания</translation>
    </message>
    <message>
        <source>Closing the window keeps Hearth in the tray</source>
        <translation>При закрытии окна Hearth остаётся в трее</translation>
    </message>
</context>
<context>
    <name>RitualPlurals</name>
    <message numerus="yes">
        <source>%n day(s)</source>
        <translation>
            <numerusform>%n день</numerusform>
            <numerusform>%n дня</numerusform>
            <numerusform>%n дней</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n word(s)</source>
        <translation>
            <numerusform>%n слово</numerusform>
            <numerusform>%n слова</numerusform>
            <numerusform>%n слов</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ServerBox</name>
    <message>
        <source>Use a model server</source>
        <translation>Использовать сервер модели</translation>
    </message>
    <message>
        <source>A llama.cpp, Ollama, LM Studio or vLLM server at home can run a bigger model than this computer. In this mode each prompt (your entries, memory and summaries in it) is sent to that server.</source>
        <translation>Домашний сервер (llama.cpp, Ollama, LM Studio, vLLM) потянет модель крупнее. Каждый запрос с вашими записями уходит на этот сервер.</translation>
    </message>
    <message>
        <source>Each prompt is sent to the server you name.</source>
        <translation>Каждый запрос уходит на указанный вами сервер.</translation>
    </message>
    <message>
        <source>Server address</source>
        <translation>Адрес сервера</translation>
    </message>
    <message>
        <source>optional</source>
        <translation>необязательно</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>Ключ API</translation>
    </message>
    <message>
        <source>Model on the server</source>
        <translation>Модель на сервере</translation>
    </message>
    <message>
        <source>&amp;Test connection</source>
        <translation>&amp;Проверить соединение</translation>
    </message>
    <message>
        <source>Use this &amp;server</source>
        <translation>Использовать этот &amp;сервер</translation>
    </message>
    <message>
        <source>Address:</source>
        <translation>Адрес:</translation>
    </message>
    <message>
        <source>API key:</source>
        <translation>Ключ API:</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>Модель:</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>Подключаюсь к %1…</translation>
    </message>
    <message>
        <source>none</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>Connected (%1). Models: %2</source>
        <translation>Подключено (%1). Модели: %2</translation>
    </message>
    <message>
        <source>Nothing was sent. Choose a server on this computer or at home.</source>
        <translation>Ничего не отправлено. Выберите сервер на этом компьютере или в домашней сети.</translation>
    </message>
    <message>
        <source>No keyring is available on this computer: the API key is kept for this session only, and you will be asked again after Hearth restarts.</source>
        <translation>На этом компьютере нет связки ключей: ключ API хранится только до закрытия Hearth, после перезапуска его спросят снова.</translation>
    </message>
    <message>
        <source>%1 is outside this computer and your home network: Hearth sends prompts there only over https. Use an https:// address.</source>
        <translation>%1 находится за пределами этого компьютера и домашней сети: туда Hearth отправляет запросы только по https. Укажите адрес https://.</translation>
    </message>
    <message>
        <source>Send your prompts to %1?</source>
        <translation>Отправлять ваши запросы на %1?</translation>
    </message>
    <message>
        <source>%1 is not on this computer or your home network. Every prompt — your entries, what Hearth remembers about you and the summaries in it — will be sent there (encrypted, over https), and whoever runs that server can read it. Your diary itself stays on this computer.</source>
        <translation>%1 — не этот компьютер и не домашняя сеть. Каждый запрос — ваши записи, то, что Hearth помнит о вас, и пересказы — будет отправляться туда (зашифрованно, по https), и владелец сервера сможет его прочитать. Сам дневник останется на этом компьютере.</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Short — a sentence or two</source>
        <translation>Коротко — пара предложений</translation>
    </message>
    <message>
        <source>Medium — a short paragraph</source>
        <translation>Средне — небольшой абзац</translation>
    </message>
    <message>
        <source>Long — take your time</source>
        <translation>Подробно — не торопясь</translation>
    </message>
    <message>
        <source>Warm — a kind, curious friend</source>
        <translation>Тёплый — добрый, любопытный друг</translation>
    </message>
    <message>
        <source>Concise — calm and to the point</source>
        <translation>Сдержанный — спокойно и по делу</translation>
    </message>
    <message>
        <source>Playful — light, with a bit of humour</source>
        <translation>Игривый — легко и с юмором</translation>
    </message>
    <message>
        <source>Same as the system</source>
        <translation>Как в системе</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Светлая</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Тёмная</translation>
    </message>
    <message>
        <source>As the language has it</source>
        <translation>Как принято в языке</translation>
    </message>
    <message>
        <source>Monday</source>
        <translation>С понедельника</translation>
    </message>
    <message>
        <source>Sunday</source>
        <translation>С воскресенья</translation>
    </message>
    <message>
        <source>Settings — Hearth</source>
        <translation>Настройки — Hearth</translation>
    </message>
    <message>
        <source>Companion</source>
        <translation>Собеседник</translation>
    </message>
    <message>
        <source>&amp;Week starts on:</source>
        <translation>&amp;Неделя начинается:</translation>
    </message>
    <message>
        <source>Reply length</source>
        <translation>Длина ответа</translation>
    </message>
    <message>
        <source>Companion tone</source>
        <translation>Тон собеседника</translation>
    </message>
    <message>
        <source>&amp;Reply length:</source>
        <translation>&amp;Длина ответа:</translation>
    </message>
    <message>
        <source>&amp;Tone:</source>
        <translation>&amp;Тон:</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Память</translation>
    </message>
    <message>
        <source>Re&amp;call related past entries when I write</source>
        <translation>&amp;Вспоминать похожие прошлые записи, когда я пишу</translation>
    </message>
    <message>
        <source>Recall past entries</source>
        <translation>Вспоминать прошлые записи</translation>
    </message>
    <message>
        <source>Let the companion form &amp;reflections about patterns (off by default)</source>
        <translation>&amp;Размышления о закономерностях (по умолчанию выключены)</translation>
    </message>
    <message>
        <source>Reflections</source>
        <translation>Размышления</translation>
    </message>
    <message>
        <source>Appearance</source>
        <translation>Внешний вид</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>Тема</translation>
    </message>
    <message>
        <source>T&amp;heme:</source>
        <translation>Т&amp;ема:</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Язык</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;Язык:</translation>
    </message>
    <message>
        <source>Your data</source>
        <translation>Ваши данные</translation>
    </message>
    <message>
        <source>First day of the week</source>
        <translation>Первый день недели</translation>
    </message>
    <message>
        <source>Your diary, memory, settings and models are stored only on this computer, in:</source>
        <translation>Ваш дневник, память, настройки и модели хранятся только на этом компьютере, в папке:</translation>
    </message>
    <message>
        <source>Data folder</source>
        <translation>Папка данных</translation>
    </message>
    <message>
        <source>&amp;Open folder</source>
        <translation>&amp;Открыть папку</translation>
    </message>
    <message>
        <source>Open the data folder</source>
        <translation>Открыть папку с данными</translation>
    </message>
</context>
<context>
    <name>Sidebar</name>
    <message>
        <source>Conversation</source>
        <translation>Разговор</translation>
    </message>
    <message>
        <source>Today</source>
        <translation>Сегодня</translation>
    </message>
    <message>
        <source>Yesterday</source>
        <translation>Вчера</translation>
    </message>
    <message>
        <source>No entries yet</source>
        <translation>Пока нет записей</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Вы</translation>
    </message>
    <message>
        <source>Companion</source>
        <translation>Собеседник</translation>
    </message>
    <message>
        <source>Days</source>
        <translation>Дни</translation>
    </message>
    <message>
        <source>Your diary, newest day first</source>
        <translation>Ваш дневник, новые дни сверху</translation>
    </message>
    <message>
        <source>Search results</source>
        <translation>Результаты поиска</translation>
    </message>
    <message>
        <source>Messages matching the search</source>
        <translation>Сообщения, найденные поиском</translation>
    </message>
    <message>
        <source>Search all entries  (Ctrl+F)</source>
        <translation>Поиск по всем записям  (Ctrl+F)</translation>
    </message>
    <message>
        <source>Search the diary</source>
        <translation>Поиск по дневнику</translation>
    </message>
    <message>
        <source>Go to today</source>
        <translation>Перейти к сегодняшнему дню</translation>
    </message>
    <message>
        <source>Today&apos;s page (Ctrl+T)</source>
        <translation>Страница сегодняшнего дня (Ctrl+T)</translation>
    </message>
    <message>
        <source>No entries match.</source>
        <translation>Ничего не найдено.</translation>
    </message>
</context>
<context>
    <name>StorageDialog</name>
    <message>
        <source>Level 0 — original pictures</source>
        <translation>Уровень 0 — оригиналы картинок</translation>
    </message>
    <message>
        <source>Level 0 — thumbnails</source>
        <translation>Уровень 0 — миниатюры</translation>
    </message>
    <message>
        <source>Level 1 — entries, with the text read in pictures</source>
        <translation>Уровень 1 — записи вместе с текстом картинок</translation>
    </message>
    <message>
        <source>Level 2 — summaries and digests</source>
        <translation>Уровень 2 — пересказы и итоги</translation>
    </message>
    <message>
        <source>Level 3 — facts</source>
        <translation>Уровень 3 — факты</translation>
    </message>
    <message>
        <source>Recall index (vectors)</source>
        <translation>Индекс для вспоминания (векторы)</translation>
    </message>
    <message>
        <source>Storage — Hearth</source>
        <translation>Место на диске — Hearth</translation>
    </message>
    <message>
        <source>The diary file on disk, all included</source>
        <translation>Файл дневника на диске, всё вместе</translation>
    </message>
    <message>
        <source>Pictures (originals deleted by the setting)</source>
        <translation>Картинки (оригиналов удалено по настройке)</translation>
    </message>
    <message>
        <source>Deleting originals frees the most space and barely changes what the companion knows: it reads the pictures&apos; text, which stays.</source>
        <translation>Удаление оригиналов освобождает больше всего места и почти не меняет того, что знает собеседник: он читает текст с картинок, а текст остаётся.</translation>
    </message>
</context>
<context>
    <name>UnlockDialog</name>
    <message>
        <source>Restore an encrypted backup — Hearth</source>
        <translation>Восстановление зашифрованной копии — Hearth</translation>
    </message>
    <message>
        <source>This backup is encrypted. Enter its passphrase: Hearth restores it, and your diary is encrypted with that passphrase again.</source>
        <translation>Эта резервная копия зашифрована. Введите её парольную фразу: Hearth восстановит копию, и дневник снова будет зашифрован этой фразой.</translation>
    </message>
    <message>
        <source>Unlock your diary — Hearth</source>
        <translation>Откройте дневник — Hearth</translation>
    </message>
    <message>
        <source>Your diary is encrypted. Enter its passphrase to open it.</source>
        <translation>Ваш дневник зашифрован. Введите парольную фразу, чтобы открыть его.</translation>
    </message>
    <message>
        <source>Passphrase</source>
        <translation>Парольная фраза</translation>
    </message>
    <message>
        <source>&amp;Remember it on this computer (system keyring)</source>
        <translation>&amp;Запомнить на этом компьютере (системная связка ключей)</translation>
    </message>
    <message>
        <source>Unlock status</source>
        <translation>Состояние разблокировки</translation>
    </message>
    <message>
        <source>&amp;Unlock</source>
        <translation>&amp;Открыть</translation>
    </message>
    <message>
        <source>I &amp;forgot it…</source>
        <translation>Я &amp;забыл(а) её…</translation>
    </message>
    <message>
        <source>Enter the passphrase.</source>
        <translation>Введите парольную фразу.</translation>
    </message>
    <message>
        <source>Unlocking…</source>
        <translation>Открываю…</translation>
    </message>
    <message numerus="yes">
        <source>Try again in %n second(s).</source>
        <translation>
            <numerusform>Попробуйте снова через %n секунду.</numerusform>
            <numerusform>Попробуйте снова через %n секунды.</numerusform>
            <numerusform>Попробуйте снова через %n секунд.</numerusform>
        </translation>
    </message>
    <message>
        <source>Forgotten passphrase</source>
        <translation>Забытая парольная фраза</translation>
    </message>
    <message>
        <source>Without its passphrase the diary cannot be opened — not by Hearth, not by anyone. That is what keeps it private, and there is no way around it.

If it is truly lost, you can start over: run `hearth forget-everything --yes` in a terminal (it erases the encrypted diary and its backups), or move the data folder away. Then open Hearth again for a new, empty diary.</source>
        <translation>Без парольной фразы дневник не открыть — ни Hearth, ни кому-либо ещё. Именно это и хранит его тайну, и обойти это нельзя.

Если фраза действительно утеряна, можно начать заново: выполните в терминале `hearth forget-everything --yes` (это сотрёт зашифрованный дневник и его копии) или перенесите папку данных в другое место. Затем снова откройте Hearth — будет новый, пустой дневник.</translation>
    </message>
</context>
<context>
    <name>Unscrubbed</name>
    <message>
        <source>Some files still hold it</source>
        <translation>Это ещё осталось в некоторых файлах</translation>
    </message>
    <message>
        <source>It was deleted from the diary, but these files could not be changed and still hold it:</source>
        <translation>Из дневника это удалено, но эти файлы не удалось изменить, и в них это ещё есть:</translation>
    </message>
    <message>
        <source>Files kept after damage cannot be changed. Delete these files, or keep them while you may still need them to recover lost entries.</source>
        <translation>Файлы, сохранённые после повреждения, изменить нельзя. Удалите их или сохраните, пока они могут понадобиться для восстановления потерянных записей.</translation>
    </message>
    <message>
        <source>These files kept after damage are not encrypted and can be read without any passphrase:</source>
        <translation>Эти файлы, сохранённые после повреждения, не зашифрованы, и их можно прочитать без парольной фразы:</translation>
    </message>
    <message>
        <source>These files kept after damage can still be read with an earlier passphrase:</source>
        <translation>Эти файлы, сохранённые после повреждения, всё ещё можно прочитать с прежней парольной фразой:</translation>
    </message>
    <message>
        <source>Delete these files</source>
        <translation>Удалить эти файлы</translation>
    </message>
    <message>
        <source>Some backups still hold it</source>
        <translation>Это ещё осталось в некоторых резервных копиях</translation>
    </message>
    <message>
        <source>It was deleted from the diary, but these backups could not be changed and still hold it:</source>
        <translation>Из дневника это удалено, но эти резервные копии не удалось изменить, и в них это ещё есть:</translation>
    </message>
    <message>
        <source>Some of them may be damaged, and files kept after damage cannot be changed. Try again, or delete these files.</source>
        <translation>Некоторые из них, возможно, повреждены, а файлы, сохранённые после повреждения, изменить нельзя. Попробуйте ещё раз или удалите эти файлы.</translation>
    </message>
    <message>
        <source>They may be damaged. Try again, or delete these backups (your other backups are kept).</source>
        <translation>Возможно, они повреждены. Попробуйте ещё раз или удалите эти копии (остальные резервные копии останутся).</translation>
    </message>
    <message>
        <source>Delete these backups</source>
        <translation>Удалить эти копии</translation>
    </message>
    <message>
        <source>Try again</source>
        <translation>Попробовать ещё раз</translation>
    </message>
    <message>
        <source>Keep them</source>
        <translation>Оставить</translation>
    </message>
    <message>
        <source>Files kept after damage</source>
        <translation>Файлы, сохранённые после повреждения</translation>
    </message>
    <message>
        <source>Delete them unless you still need them to recover lost entries.</source>
        <translation>Удалите их, если они не нужны вам для восстановления потерянных записей.</translation>
    </message>
    <message>
        <source>Delete them</source>
        <translation>Удалить их</translation>
    </message>
</context>
<context>
    <name>WeeklyReviewDialog</name>
    <message>
        <source>Weekly review</source>
        <translation>Обзор недели</translation>
    </message>
    <message>
        <source>Previous week</source>
        <translation>Предыдущая неделя</translation>
    </message>
    <message>
        <source>Next week</source>
        <translation>Следующая неделя</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>Написать заново</translation>
    </message>
    <message>
        <source>Write the week&apos;s digest again with the model</source>
        <translation>Заново написать обзор недели с помощью модели</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>Экспорт…</translation>
    </message>
    <message>
        <source>Save the week as Markdown or PDF</source>
        <translation>Сохранить неделю как Markdown или PDF</translation>
    </message>
    <message>
        <source>Print…</source>
        <translation>Печать…</translation>
    </message>
    <message>
        <source>Print the week&apos;s review and its entries</source>
        <translation>Напечатать обзор недели и её записи</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Закрыть</translation>
    </message>
    <message>
        <source>The week&apos;s review</source>
        <translation>Обзор недели</translation>
    </message>
    <message>
        <source>d MMMM yyyy</source>
        <translation>d MMMM yyyy</translation>
    </message>
    <message>
        <source>d MMMM</source>
        <translation>d MMMM</translation>
    </message>
    <message>
        <source>Week of {first} – {last}</source>
        <translation>Неделя {first} – {last}</translation>
    </message>
</context>
</TS>
