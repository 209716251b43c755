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
        <source>, almost full</source>
        <translation>, почти заполнено</translation>
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
    <name>Catalog</name>
    <message>
        <source>Recommended. Strong in English and Russian (and 27 more languages); the best choice for a diary kept in more than one language.</source>
        <translation>Рекомендуется. Хорошо пишет по-английски и по-русски (и ещё на 27 языках); лучший выбор для дневника, который ведут больше чем на одном языке.</translation>
    </message>
    <message>
        <source>Good English writing. Russian is not an officially supported language: it understands Russian but answers in it noticeably worse than Qwen2.5.</source>
        <translation>Хорошо пишет по-английски. Русский официально не поддерживается: модель понимает русский, но отвечает на нём заметно хуже, чем Qwen2.5.</translation>
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
        <source>cannot use the data directory:</source>
        <translation>нельзя использовать папку данных:</translation>
    </message>
    <message>
        <source>Pass --data-dir DIR.</source>
        <translation>Укажите --data-dir ПАПКА.</translation>
    </message>
    <message>
        <source>(using the bundled tiny model: replies are simple; `hearth models pull` gets a better one)</source>
        <translation>(работает встроенная маленькая модель: ответы простые; `hearth models pull` скачает модель получше)</translation>
    </message>
    <message>
        <source>[stopped]</source>
        <translation>[остановлено]</translation>
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
        <source>No matches.</source>
        <translation>Ничего не найдено.</translation>
    </message>
    <message>
        <source>This deletes entry {id} for good: {entry}</source>
        <translation>Это навсегда удалит запись {id}: {entry}</translation>
    </message>
    <message>
        <source>Run `hearth rm {id} --yes` to do it.</source>
        <translation>Чтобы удалить, выполните `hearth rm {id} --yes`.</translation>
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
        <source>Backup written: {path}</source>
        <translation>Резервная копия записана: {path}</translation>
    </message>
    <message>
        <source>There is no backup to restore.</source>
        <translation>Резервной копии для восстановления нет.</translation>
    </message>
    <message>
        <source>Give the path of a backup file.</source>
        <translation>Укажите путь к файлу резервной копии.</translation>
    </message>
    <message>
        <source>Restored {path}. The state before the restore was backed up first.</source>
        <translation>Восстановлено из {path}. Состояние до восстановления сначала сохранено в резервную копию.</translation>
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
        <source>Stopped.</source>
        <translation>Остановлено.</translation>
    </message>
    <message>
        <source>The search index was damaged; it was rebuilt from your entries. Nothing was lost.</source>
        <translation>Поисковый индекс был повреждён; он заново собран из ваших записей. Ничего не потеряно.</translation>
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
        <source>The model server went away</source>
        <translation>Сервер модели пропал</translation>
    </message>
    <message>
        <source>The model server refused the request</source>
        <translation>Сервер модели отклонил запрос</translation>
    </message>
    <message>
        <source>The model server ran into a problem</source>
        <translation>На сервере модели что-то пошло не так</translation>
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
        <translation>Запросу нужно {needed} токенов, а помещается только {limit}.</translation>
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
        <source>Could not read or write a file</source>
        <translation>Не удалось прочитать или записать файл</translation>
    </message>
    <message>
        <source>Check the disk and try again.</source>
        <translation>Проверьте диск и попробуйте снова.</translation>
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
        <source>Download {title} ({size})</source>
        <translation>Скачать {title} ({size})</translation>
    </message>
</context>
<context>
    <name>HearthApp</name>
    <message>
        <source>Loading the model…</source>
        <translation>Загружаю модель…</translation>
    </message>
    <message>
        <source>The search index was damaged and has been rebuilt from your entries. Nothing was lost.</source>
        <translation>Поисковый индекс был повреждён и заново собран из ваших записей. Ничего не потеряно.</translation>
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
        <source>Your latest backup ({name}, {made}) can be restored.</source>
        <translation>Последнюю резервную копию ({name}, {made}) можно восстановить.</translation>
    </message>
    <message>
        <source>Restore backup</source>
        <translation>Восстановить копию</translation>
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
        <source>The chosen model could not be used</source>
        <translation>Не удалось использовать выбранную модель</translation>
    </message>
    <message>
        <source>Pick another model file or download the recommended one in the model manager (Ctrl+Shift+M).</source>
        <translation>Выберите другой файл модели или скачайте рекомендованную в менеджере моделей (Ctrl+Shift+M).</translation>
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
    <name>LockController</name>
    <message>
        <source>The diary is not open.</source>
        <translation>Дневник не открыт.</translation>
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
        <source>Facts</source>
        <translation>Факты</translation>
    </message>
    <message>
        <source>Something Hearth should remember about you (Ctrl+N)</source>
        <translation>Что Hearth стоит запомнить о вас (Ctrl+N)</translation>
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
    <name>ModelDownload</name>
    <message>
        <source>about {hours} h {minutes} min left</source>
        <translation>осталось около {hours} ч {minutes} мин</translation>
    </message>
    <message>
        <source>{done} of {total}</source>
        <translation>{done} из {total}</translation>
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
        <source>Paused at {done} of {total}</source>
        <translation>Остановлено на {done} из {total}</translation>
    </message>
    <message>
        <source>Paused at {done}</source>
        <translation>Остановлено на {done}</translation>
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
        <source>Settings — Hearth</source>
        <translation>Настройки — Hearth</translation>
    </message>
    <message>
        <source>Companion</source>
        <translation>Собеседник</translation>
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
        <source>The new language is used from the next start of Hearth.</source>
        <translation>Новый язык включится при следующем запуске Hearth.</translation>
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
    <name>UnlockDialog</name>
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
        <source>Some backups still hold it</source>
        <translation>Это ещё осталось в некоторых резервных копиях</translation>
    </message>
    <message>
        <source>It was deleted from the diary, but these backups could not be changed and still hold it:</source>
        <translation>Из дневника это удалено, но эти резервные копии не удалось изменить, и в них это ещё есть:</translation>
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
</context>
</TS>
